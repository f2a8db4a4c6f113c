import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));

async function inputsOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [source(entry)],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    conditions: ['kit-source'],
    metafile: true,
    logLevel: 'silent',
    external: ['react', 'react-dom', 'react-dom/client'],
  });
  return Object.keys(result.metafile.inputs);
}

describe('entry files', () => {
  it('keep the isomorphic and client entries free of the server renderer and Node modules', async () => {
    for (const entry of ['./index.ts', './client.ts']) {
      const inputs = await inputsOf(entry);
      expect(
        inputs.filter(
          (input) =>
            input.startsWith('node:') || input.includes('react-dom/server') || input.includes('/server/') || input.includes('kit-core'),
        ),
      ).toEqual([]);
    }
  });
});
