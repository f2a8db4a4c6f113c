/** What a redacted value is replaced with. */
export const redactedValue = '[redacted]';

const segmentPattern = /^[^.\s]+$/;

/**
 * The segments of a redact path (`items.*.email` → `['items', '*', 'email']`), or undefined when it is
 * not one: names without spaces separated by single dots, `*` for any key or array element.
 */
export function redactSegments(path: unknown): string[] | undefined {
  if (typeof path !== 'string' || path.length === 0 || path.length > 200) return undefined;
  const segments = path.split('.');
  return segments.every((segment) => segmentPattern.test(segment)) ? segments : undefined;
}

/**
 * Throws a `TypeError` naming `component`, the policy and the bad path unless `paths` is a list of
 * redact paths.
 */
export function checkRedactPaths(component: string, policy: string, paths: unknown): void {
  if (!Array.isArray(paths)) {
    throw new TypeError(
      `${component}: policy "${policy}" has redact ${JSON.stringify(paths)?.slice(0, 60)}, which is not a list; give dotted output paths such as ['email', 'customer.email', 'items.*.email'].`,
    );
  }
  for (const path of paths) {
    if (redactSegments(path) === undefined) {
      throw new TypeError(
        `${component}: policy "${policy}" has redact path ${JSON.stringify(path)?.slice(0, 60)}, which is not a dotted output path; write names separated by dots, with * for any key or array element, such as 'customer.email' or 'items.*.email'.`,
      );
    }
  }
}
