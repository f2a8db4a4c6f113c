import { describe, expect, it } from 'vitest';
import { loadAssets, type AssetName } from './assets.js';

describe('loadAssets', () => {
  const assets = loadAssets();

  it('names every file after its content and finds it again by that name', () => {
    for (const plain of ['styles.css', 'client.js', 'api-reference.js', 'swagger-ui.css', 'swagger-ui-bundle.js'] as const) {
      const url = assets.url(plain);
      const [base, extension] = [plain.slice(0, plain.lastIndexOf('.')), plain.slice(plain.lastIndexOf('.') + 1)];
      expect(url).toMatch(new RegExp(`^/assets/${base}\\.[0-9a-f]{10}\\.${extension}$`));
      expect(assets.byServedName(url.slice('/assets/'.length))?.contentType).toMatch(
        extension === 'css' ? /^text\/css/ : /^text\/javascript/,
      );
    }
  });

  it('leaves out the renderer bundle\u2019s source map comment, since maps are not served', () => {
    const bundle = assets.byServedName(assets.url('swagger-ui-bundle.js').slice('/assets/'.length))!;
    expect(Buffer.from(bundle.prepared().body).toString('utf8').slice(-300)).not.toContain('sourceMappingURL');
  });

  it('names the fix when asked for an unknown asset', () => {
    expect(() => assets.url('missing.css' as AssetName)).toThrow(/no asset named "missing.css"; add it to loadAssets/);
  });
});
