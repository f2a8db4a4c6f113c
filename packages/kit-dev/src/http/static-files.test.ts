import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesResponse, isHashedName, safeSegments, serveFolderFile, typeOf } from './static-files.js';

let root: string;
let folder: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kit-static-'));
  folder = join(root, 'public');
  await mkdir(join(folder, 'docs'), { recursive: true });
  await writeFile(join(folder, 'hello.txt'), 'hello');
  await writeFile(join(folder, 'docs', 'guide v1.html'), '<p>guide</p>');
  await writeFile(join(root, 'secret.txt'), 'secret');
  await symlink(join(root, 'secret.txt'), join(folder, 'leak.txt'));
  await symlink(join(folder, 'hello.txt'), join(folder, 'alias.txt'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const serve = (path: string, init: RequestInit = {}) =>
  serveFolderFile(new Request(`http://localhost${path}`, init), folder, '/', () => 'no-cache');

describe('safeSegments', () => {
  it('decodes the segments below the prefix', () => {
    expect(safeSegments('/a/b%20c.txt', '/')).toEqual(['a', 'b c.txt']);
    expect(safeSegments('/_kit/client/x.js', '/_kit/client/')).toEqual(['x.js']);
  });

  it('refuses dot segments, hidden names, encoded separators, NUL, bad escapes and the folder itself', () => {
    for (const path of ['/../x', '/a/%2e%2e/x', '/.env', '/a%2fb', '/a%5cb', '/a%00', '/%E0%A4%A', '/', '/other']) {
      expect(safeSegments(path, path === '/other' ? '/_kit/' : '/'), path).toBeNull();
    }
  });
});

describe('serveFolderFile', () => {
  it('serves a file with its type, length, validators and 304 on a matching If-None-Match', async () => {
    const response = (await serve('/hello.txt'))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-length')).toBe('5');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('hello');
    const again = (await serve('/hello.txt', { headers: { 'if-none-match': response.headers.get('etag')! } }))!;
    expect(again.status).toBe(304);
    expect((await serve('/docs/guide%20v1.html'))!.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('answers HEAD without a body and leaves other methods to the app', async () => {
    const head = (await serve('/hello.txt', { method: 'HEAD' }))!;
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(await serve('/hello.txt', { method: 'POST' })).toBeNull();
  });

  it('never serves folders, missing files or links that lead outside the folder', async () => {
    expect(await serve('/docs')).toBeNull();
    expect(await serve('/missing.txt')).toBeNull();
    expect(await serve('/leak.txt')).toBeNull();
    expect(await (await serve('/alias.txt'))!.text()).toBe('hello');
  });
});

describe('helpers', () => {
  it('types files by extension, with octet-stream for the unknown', () => {
    expect(typeOf('a.js')).toBe('text/javascript; charset=utf-8');
    expect(typeOf('a.css')).toBe('text/css; charset=utf-8');
    expect(typeOf('a.woff2')).toBe('font/woff2');
    expect(typeOf('a.unknownext')).toBe('application/octet-stream');
  });

  it('recognizes content-hashed names', () => {
    expect(isHashedName('index.page-AB12CD34.js')).toBe(true);
    expect(isHashedName('index.page-AB12CD34.js.map')).toBe(true);
    expect(isHashedName('robots.txt')).toBe(false);
  });

  it('answers bytes with a strong ETag', async () => {
    const request = new Request('http://localhost/x.js');
    const response = bytesResponse(request, new TextEncoder().encode('let a;'), 'x.js', 'no-store');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const again = bytesResponse(
      new Request('http://localhost/x.js', { headers: { 'if-none-match': response.headers.get('etag')! } }),
      new TextEncoder().encode('let a;'),
      'x.js',
      'no-store',
    );
    expect(again.status).toBe(304);
  });
});
