/** A hook threw: the run ends `fatal` with this message, which names the hook. */
export class HookError extends Error {
  constructor(
    readonly hook: string,
    cause: unknown,
  ) {
    super(`${hook} threw: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'HookError';
  }
}

/**
 * Calls a lifecycle hook and turns its failure into a `HookError` named `hooks.<name>` (or the
 * given label, such as `stop hook "cites-sources"`), so the run can end `fatal` saying which hook
 * failed. Synchronous and asynchronous hooks are both awaited.
 */
export async function invokeHook<T>(name: string, call: () => T | Promise<T>, label = `hooks.${name}`): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new HookError(label, error);
  }
}
