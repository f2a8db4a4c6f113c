import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEsbuild } from '../bundle/esbuild.js';
import { codeFrame, errorOverlayResponse, escapeHtml } from './error-overlay.js';
import { locateError } from './stack-location.js';

let root: string;
let outDir: string;
let output: string;
let outputText: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kit-stack-'));
  outDir = join(root, '.kit', 'dev');
  await mkdir(join(root, 'app'), { recursive: true });
  await writeFile(
    join(root, 'app', 'page.tsx'),
    'export function render(items?: string[]) {\n  const count: number = 1;\n  return items!.length + count;\n}\n',
  );
  const esbuild = await loadEsbuild();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['app/page.tsx'],
    bundle: true,
    format: 'esm',
    outdir: join(outDir, 'server-1'),
    sourcemap: 'linked',
    write: true,
    outExtension: { '.js': '.mjs' },
  });
  expect(result.errors).toEqual([]);
  output = join(outDir, 'server-1', 'page.mjs');
  outputText = await readFile(output, 'utf8');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function errorAt(frames: string[]): Error {
  const error = new TypeError("Cannot read properties of undefined (reading 'length')");
  error.stack = [`TypeError: ${error.message}`, ...frames.map((frame) => `    at ${frame}`)].join('\n');
  return error;
}

describe('locateError', () => {
  it('maps a frame in the bundle back to the source through its source map', () => {
    const lines = outputText.split('\n');
    const line = lines.findIndex((text) => text.includes('items.length')) + 1;
    const column = lines[line - 1]!.indexOf('items.length') + 1;
    const error = errorAt([
      'renderWithHooks (/x/node_modules/react-dom/index.js:1:1)',
      `render (${pathToFileURL(output).href}:${line}:${column})`,
    ]);
    expect(locateError(error, root, outDir)).toEqual({ file: 'app/page.tsx', line: 3, column: expect.any(Number) });
  });

  it('takes a frame already in the sources as it is, and skips frames outside the app', () => {
    const error = errorAt(['outside (/usr/lib/x.js:1:1)', `Page (${join(root, 'app', 'page.tsx')}:3:10)`]);
    expect(locateError(error, root, outDir)).toEqual({ file: 'app/page.tsx', line: 3, column: 10 });
    expect(locateError(errorAt(['outside (/usr/lib/x.js:1:1)']), root, outDir)).toBeNull();
    expect(locateError('not an error', root, outDir)).toBeNull();
  });
});

describe('the error overlay', () => {
  it('shows the lines around the location with a caret under the column', () => {
    expect(codeFrame(root, { file: 'app/page.tsx', line: 3, column: 10 })).toBe(
      [
        '  1 | export function render(items?: string[]) {',
        '  2 |   const count: number = 1;',
        '> 3 |   return items!.length + count;',
        '    |          ^',
        '  4 | }',
        '  5 | ',
      ].join('\n'),
    );
    expect(codeFrame(root, { file: 'app/missing.tsx', line: 1, column: 1 })).toBeNull();
  });

  it('is a readable 500 page, escaped, that reloads itself on the next update', async () => {
    const response = errorOverlayResponse(root, {
      title: 'Build error',
      message: 'Unexpected "<script>"',
      location: { file: 'app/page.tsx', line: 3, column: 10 },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Build error: app/page.tsx:3:10 - kit dev</title>');
    expect(html).toContain('Unexpected &quot;&lt;script&gt;&quot;');
    expect(html).toContain('new EventSource("/_kit/events").addEventListener(\'update\', () => location.reload());');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
