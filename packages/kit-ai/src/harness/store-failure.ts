import { errorText } from '../llm/describe-value.js';
import { KitAIError } from '../errors/kit-ai-error.js';

/**
 * A store call that failed, as the harness reports it: kit-ai's own errors (`run_not_found`,
 * `run_exists`, a store's `store_failed`) pass through; anything else becomes `store_failed` naming
 * what the harness was doing, with the cause.
 */
export function storeFailure(doing: string, error: unknown): KitAIError {
  if (error instanceof KitAIError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'run_not_found' || code === 'run_exists') return new KitAIError(code, errorText(error), { cause: error });
  return new KitAIError('store_failed', `${doing}: the run store failed (${errorText(error)}); check that it is reachable, and retry.`, {
    cause: error,
  });
}

/** Runs a store call, reporting its failure with `storeFailure`. */
export async function fromStore<T>(doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storeFailure(doing, error);
  }
}
