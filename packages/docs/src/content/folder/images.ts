import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { listFiles } from '../read-files.js';

/** The image types a documentation folder may hold, by extension, and the type each is served with. */
export const imageTypes: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
};

/** An image of the documentation, kept in memory so that serving it never reads the disk. */
export interface ContentImage {
  /** Where it is served: `/media/<path>`, the path relative to the content directory (`../static/...` for the site's). */
  readonly url: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** A strong ETag made from the bytes. */
  readonly etag: string;
}

/** Images larger than this are not served (screenshots are far smaller; a larger file is most likely a mistake). */
export const maxImageBytes = 5 * 1024 * 1024;
/** All images together; past this, the rest are not served, with a warning each. */
export const maxImagesBytes = 100 * 1024 * 1024;

/** An image not served, and why. */
export interface SkippedImage {
  readonly file: string;
  readonly reason: string;
}

/** The images read from a content directory, by path relative to it, and those left out. */
export interface ContentImages {
  readonly images: ReadonlyMap<string, ContentImage>;
  readonly skipped: readonly SkippedImage[];
}

/**
 * Folders of a documentation site whose files the site serves from its root (`/img/logo.png`): VitePress's
 * `public/` (inside the documents folder or beside it) and Docusaurus's `static/` (beside `docs/`).
 */
const siteFolders = ['public', 'static'] as const;

function imageType(path: string): string | undefined {
  return imageTypes[posix.extname(path).toLowerCase()];
}

/**
 * Reads the images of a content directory and of the site folders beside it (`../public`, `../static`)
 * into memory: keys are paths relative to the content directory, with `/` separators. `listed` is
 * `listFiles(root)` when the caller has it already.
 */
export async function readContentImages(root: string, listed?: readonly string[]): Promise<ContentImages> {
  const folders = [root, ...siteFolders.map((name) => join(dirname(root), name))];
  const images = new Map<string, ContentImage>();
  const skipped: SkippedImage[] = [];
  let total = 0;
  for (const folder of folders) {
    if (
      folder !== root &&
      (resolve(folder) === resolve(root) ||
        !(await stat(folder).then(
          (entry) => entry.isDirectory(),
          () => false,
        )))
    )
      continue;
    const files = folder === root && listed !== undefined ? listed : await listFiles(folder).catch(() => [] as string[]);
    for (const file of files) {
      const contentType = imageType(file);
      if (contentType === undefined) continue;
      const path = relative(root, file).split('\\').join('/');
      if (images.has(path)) continue;
      const size = (await stat(file)).size;
      if (size > maxImageBytes) {
        skipped.push({
          file,
          reason: `the image is ${Math.round(size / 1024)} KB, over the ${maxImageBytes / 1024 / 1024} MB an image may have; make it smaller to have it served`,
        });
        continue;
      }
      if (total + size > maxImagesBytes) {
        skipped.push({
          file,
          reason: `the images of this folder pass ${maxImagesBytes / 1024 / 1024} MB in all; this one and the rest are not served`,
        });
        continue;
      }
      const bytes = new Uint8Array(await readFile(file));
      total += size;
      images.set(path, {
        url: imageUrl(path),
        bytes,
        contentType,
        etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
      });
    }
  }
  return { images, skipped };
}

/** The URL of an image: `/media/` and its path, each segment percent-encoded (`../` as `_site/`). */
export function imageUrl(path: string): string {
  // A site folder beside the content directory (`../static/img/x.png`) is served below `/media/_site/`.
  const served = path.startsWith('../') ? `_site/${path.slice(3)}` : path;
  return `/media/${served.split('/').map(encodeURIComponent).join('/')}`;
}

/** The path of the image a `/media/` URL path (after the prefix, decoded) names. */
export function imagePathOf(served: string): string {
  return served.startsWith('_site/') ? `../${served.slice('_site/'.length)}` : served;
}

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Finds the image a link written in a document means: relative to the document's file, or, for a path
 * from the root (`/img/logo.png`), in the site folders (`public/`, `static/`) and at the top of the
 * documents. Returns undefined for anything that is not an image link (a page, a full URL).
 */
export function resolveImage(
  href: string,
  documentPath: string,
  docsRoot: string,
  images: ReadonlyMap<string, ContentImage>,
): { href: string; problem?: string } | undefined {
  if (external.test(href)) return undefined;
  const path = decodePath(href.replace(/[?#].*$/, ''));
  if (imageType(path) === undefined) return undefined;
  const candidates: string[] = [];
  const inDocs = (value: string) => posix.join(docsRoot, value);
  if (path.startsWith('/')) {
    const fromRoot = path.replace(/^\/+/, '');
    for (const folder of siteFolders) candidates.push(inDocs(`${folder}/${fromRoot}`), `${folder}/${fromRoot}`, `../${folder}/${fromRoot}`);
    candidates.push(inDocs(fromRoot), fromRoot);
  } else {
    candidates.push(inDocs(posix.join(posix.dirname(documentPath), path)));
  }
  const tried = [...new Set(candidates.map((value) => posix.normalize(value)))];
  for (const candidate of tried) {
    const found = images.get(candidate);
    if (found) return { href: found.url };
  }
  return {
    href,
    problem: `broken image "${href}": no image file at ${tried.map((candidate) => `"${candidate}"`).join(' or ')} (paths from the content directory); fix the path or add the file`,
  };
}

function decodePath(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
