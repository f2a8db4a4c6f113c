/** Where a hook sends a failure to record: the hook's `onError`, or a warning on the console. */
export function reportError(onError: ((error: unknown) => void) | undefined, component: string, error: unknown): void {
  try {
    if (onError) onError(error);
    else console.warn(`${component}: an event could not be recorded: ${error instanceof Error ? error.message : String(error)}`);
  } catch {
    // An observer that fails must never fail the work it observes.
  }
}
