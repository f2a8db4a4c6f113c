import type { KitAIErrorCode } from '@kit/kit-ai';
import { KitDbError } from '../errors/kit-db-error.js';
import { schemaGap } from '../errors/schema-gap.js';
import type { DatabaseProvider } from '../database/types.js';
import { runStoreFix } from './run-store-fix.js';

const component = 'kitDbRunStore';

// kit-ai is loaded on the first error only, so importing kit-db does not load the agent toolkit.
let kitAi: Promise<typeof import('@kit/kit-ai')> | undefined;

/**
 * The error the `RunStore` contract names: a `KitAIError` of kit-ai, so the harness (and anyone with
 * `isKitAIError`) tells a taken id (`run_exists`), an unknown run (`run_not_found`) and a store that
 * failed (`store_failed`) apart whatever store it runs on.
 */
export async function runStoreError(code: KitAIErrorCode, message: string, cause?: unknown): Promise<Error> {
  kitAi ??= import('@kit/kit-ai');
  const { KitAIError } = await kitAi;
  return new KitAIError(code, `${component}: ${message}`, cause === undefined ? {} : { cause });
}

/**
 * What an operation's failure becomes: a `KitAIError` it raised on purpose stays as it is; anything
 * else (the database down, a missing table, a value that is not JSON) is `store_failed`, naming the
 * operation, the database and the cause, with the fix where there is one.
 */
export async function storeFailure(error: unknown, operation: string, provider: DatabaseProvider): Promise<Error> {
  kitAi ??= import('@kit/kit-ai');
  const { KitAIError } = await kitAi;
  if (error instanceof KitAIError) return error;
  return runStoreError('store_failed', `${operation} failed on the ${provider} database: ${reasonOf(error, provider)}`, error);
}

function reasonOf(error: unknown, provider: DatabaseProvider): string {
  if (error instanceof KitDbError && error.code === 'schema_out_of_date') {
    const gap = schemaGap(error.cause);
    const what = gap?.name === undefined ? `a ${gap?.kind ?? 'table'} the run store needs` : `the ${gap.kind} ${gap.name}`;
    return `${what} is missing: the run store's migration has not been applied to this database. ${runStoreFix(provider)}`;
  }
  return error instanceof Error ? error.message : String(error);
}
