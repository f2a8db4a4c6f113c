import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesResponse, indexFolder, isHashedName, safeSegments, serveFolderFile, serveIndexedFile, typeOf } from './static-files.js';

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

describe('indexFolder and serveIndexedFile', () => {
  it('indexes regular files and links inside the folder, and leaves out hidden names, links outside and loops', async () => {
    const extra = join(root, 'indexed');
    await mkdir(join(extra, 'nested', 'deeper'), { recursive: true });
    await writeFile(join(extra, 'nested', 'deeper', 'a.txt'), 'a');
    await writeFile(join(extra, '.env'), 'SECRET=1');
    await mkdir(join(extra, '.git'));
    await writeFile(join(extra, '.git', 'config'), 'x');
    await symlink(join(root, 'secret.txt'), join(extra, 'leak.txt'));
    await symlink(join(extra, 'nested'), join(extra, 'nested', 'deeper', 'up'));
    await symlink(join(extra, 'nested', 'deeper'), join(extra, 'shortcut'));
    const files = await indexFolder(extra);
    expect([...files.keys()].sort()).toEqual(['nested/deeper/a.txt', 'shortcut/a.txt']);
    expect(files.get('shortcut/a.txt')).toBe(files.get('nested/deeper/a.txt'));
    expect(await indexFolder(join(root, 'no-such-folder'))).toEqual(new Map());
  });

  it('serves what was indexed, and nothing added or removed after', async () => {
    const files = await indexFolder(folder);
    const serveIndexed = (path: string, init: RequestInit = {}) =>
      serveIndexedFile(
        new Request(`http://localhost${path}`, init),
        new URL(`http://localhost${path}`).pathname,
        files,
        '/',
        () => 'no-cache',
      );
    const response = (await serveIndexed('/docs/guide%20v1.html'))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('<p>guide</p>');
    expect(await (await serveIndexed('/alias.txt'))!.text()).toBe('hello');
    const etag = (await serveIndexed('/hello.txt'))!.headers.get('etag')!;
    expect((await serveIndexed('/hello.txt', { headers: { 'if-none-match': etag } }))!.status).toBe(304);
    for (const path of ['/leak.txt', '/docs', '/missing.txt', '/../secret.txt', '/%2e%2e/secret.txt'])
      expect(await serveIndexed(path), path).toBeNull();
    expect(await serveIndexed('/hello.txt', { method: 'POST' })).toBeNull();

    await writeFile(join(folder, 'later.txt'), 'later');
    expect(await serveIndexed('/later.txt')).toBeNull();
    expect(await (await serve('/later.txt'))!.text()).toBe('later');
    await rm(join(folder, 'later.txt'));
    const moved = await indexFolder(folder);
    await writeFile(join(folder, 'gone.txt'), 'soon gone');
    const withGone = await indexFolder(folder);
    await rm(join(folder, 'gone.txt'));
    expect(moved.has('gone.txt')).toBe(false);
    expect(await serveIndexedFile(new Request('http://localhost/gone.txt'), '/gone.txt', withGone, '/', () => 'no-cache')).toBeNull();
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
