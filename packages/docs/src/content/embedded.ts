import { fileURLToPath } from 'node:url';

/**
 * The kit corpus shipped with the package; the same path from `src/` and from `dist/`.
 *
 * @example
 * ```ts
 * import { embeddedContentDirectory } from '@kit/docs';
 *
 * console.log(embeddedContentDirectory.endsWith('/content')); // true
 * ```
 */
export const embeddedContentDirectory = fileURLToPath(new URL('../../content', import.meta.url));
