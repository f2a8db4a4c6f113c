/** A failure that ends the run `fatal` with exactly this message (a hook's failure names the hook instead, see `HookError`). */
export class RunFailure extends Error {}
