/** Resolves once the browser is idle, or after 2 s at the latest; at once where idle callbacks are not supported. */
export function browserIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 0);
  });
}
