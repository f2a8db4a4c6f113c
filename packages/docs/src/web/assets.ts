import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { prepareBody, type CachedBody } from './page-cache.js';

/** One static file, named after a hash of its bytes so that it can be cached for a year. */
export interface Asset {
  /** Served name: `styles.1a2b3c4d5e.css`. */
  readonly name: string;
  readonly contentType: string;
  /** Encoded on first use: the API reference bundle is large and rarely asked for. */
  prepared(): CachedBody;
}

/** The static files of the website, by their plain name (`styles.css`) and by their served name. */
export interface AssetSet {
  /** Url of a file by its plain name; throws for a name that is not an asset. */
  url(plainName: AssetName): string;
  /** The file served under `name`, if any. */
  byServedName(name: string): Asset | undefined;
}

/** Files written for the website, and files of the OpenAPI renderer taken from its package. */
export type AssetName = 'styles.css' | 'client.js' | 'api-reference.js' | 'swagger-ui.css' | 'swagger-ui-bundle.js';

const contentTypes: Readonly<Record<string, string>> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
};

/**
 * Reads the website's own files from `assets/` beside the sources (the same path from `src/` and from
 * `dist/`, as the build does not copy them) and the renderer's files from `swagger-ui-dist`.
 */
export function loadAssets(): AssetSet {
  const require = createRequire(import.meta.url);
  const own = ownAssetsDirectory();
  const sources: Readonly<Record<AssetName, string>> = {
    'styles.css': `${own}/styles.css`,
    'client.js': `${own}/client.js`,
    'api-reference.js': `${own}/api-reference.js`,
    'swagger-ui.css': require.resolve('swagger-ui-dist/swagger-ui.css'),
    'swagger-ui-bundle.js': require.resolve('swagger-ui-dist/swagger-ui-bundle.js'),
  };
  const byPlain = new Map<string, Asset>();
  const byServed = new Map<string, Asset>();
  for (const [plain, file] of Object.entries(sources)) {
    const bytes = withoutSourceMapComment(readFileSync(file));
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    const extension = plain.slice(plain.lastIndexOf('.') + 1);
    const name = `${plain.slice(0, -extension.length - 1)}.${hash}.${extension}`;
    let prepared: CachedBody | undefined;
    const asset: Asset = {
      name,
      contentType: contentTypes[extension] ?? 'application/octet-stream',
      prepared: () => (prepared ??= prepareBody(bytes)),
    };
    byPlain.set(plain, asset);
    byServed.set(name, asset);
  }
  return {
    url: (plainName) => {
      const asset = byPlain.get(plainName);
      if (!asset) throw new Error(`kit docs website: no asset named ${JSON.stringify(plainName)}; add it to loadAssets`);
      return `/assets/${asset.name}`;
    },
    byServedName: (name) => byServed.get(name),
  };
}

function ownAssetsDirectory(): string {
  const beside = fileURLToPath(new URL('./assets', import.meta.url));
  if (existsSync(`${beside}/styles.css`)) return beside;
  return fileURLToPath(new URL('../../src/web/assets', import.meta.url));
}

/** The renderer's bundles point at `.map` files that are not served; the comment would only cause 404s. */
function withoutSourceMapComment(bytes: Buffer): Buffer {
  const tail = bytes.subarray(Math.max(0, bytes.length - 200)).toString('utf8');
  const match = /\n\/[/*][#@] sourceMappingURL=[^\n]*\s*$/.exec(tail);
  return match ? bytes.subarray(0, bytes.length - Buffer.byteLength(match[0])) : bytes;
}
