/**
 * The library layer in process: settings files and flags become a catalog, versions come from
 * folders and from a git repository's tags, and the API answers for a library and version of the
 * caller's choice, across all of them, and within a token budget.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError, embeddedContentDirectory, loadContent } from '../../src/content/index.js';
import { loadCatalog } from '../../src/library/load-catalog.js';
import { combineSources, LibrarySettingsError, parseContentFlag, readLibrarySettings } from '../../src/library/sources.js';
import type { Catalog } from '../../src/library/catalog.js';
import { createDocsService, type DocsService } from '../../src/service/create-docs-service.js';
import { gitRepositoryWithReleases, page, writeDocsFolder } from '../support/library-folders.js';

let root: string;
let catalog: Catalog;
let service: DocsService;

const quillReleases: { tag: string; pages: Record<string, string> }[] = [
  {
    tag: 'v1.0.0',
    pages: {
      'index.md': page('Quill', 'Quill is a rich text editor core for the browser.', {
        Installing: 'Add quill to the page and call createEditor.',
      }),
      'guide/formats.md': page('Formats', 'Formats style a range of text.', {
        'Inline formats': 'Bold and italic wrap a range; toggleFormat switches one on or off.',
        'Block formats': 'Headings and lists apply to whole lines.',
      }),
    },
  },
  {
    tag: 'v2.0.0',
    pages: {
      'index.md': page('Quill', 'Quill is a rich text editor core for the browser and the server.', {
        Installing: 'Install quill and call createEditor.',
      }),
      'guide/formats.md': page('Formats', 'Formats style a range of text.', {
        'Inline formats': 'Bold, italic and code wrap a range; applyFormat replaced toggleFormat in version 2.',
        'Block formats': 'Headings, lists and quotes apply to whole lines.',
      }),
      'guide/collaboration.md': page('Collaboration', 'Several people edit one document through operational transforms.', {
        'Presence cursors': 'Each peer shows a cursor with a colour and a name.',
      }),
    },
  },
];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kit-docs-libraries-'));
  const repository = await gitRepositoryWithReleases(join(root, 'quill'), quillReleases);
  const lumen = await writeDocsFolder(join(root, 'lumen-docs'), {
    'index.md': page('Lumen', 'Lumen serves HTTP with a router and middleware.', {
      'Cross-origin requests': 'The cors middleware answers preflight requests and sets Access-Control headers.',
    }),
    'timeouts.md': page('Timeouts', 'Every request has a deadline.', {
      'Request timeout': 'Set timeoutMs on the router; the default is 30 seconds.',
    }),
  });
  const settings = join(root, 'kit-docs.yaml');
  await writeFile(
    settings,
    [
      'libraries:',
      '  quill:',
      '    title: Quill',
      '    aliases: ["@quill/core", quilljs]',
      '    versions:',
      '      - { version: 1.0.0, git: ./quill, ref: v1.0.0 }',
      '      - { version: 2.0.0, git: ./quill, ref: v2.0.0 }',
    ].join('\n'),
  );
  const source = combineSources({
    defaultDirectory: embeddedContentDirectory,
    defaultId: 'kit',
    defaultVersion: '0.1.0',
    flags: [parseContentFlag(`lumen@3.1=${lumen}`)],
    settings: await readLibrarySettings(settings),
    settingsFile: settings,
  });
  catalog = await loadCatalog(source, (directory) => loadContent(directory), { gitCacheDirectory: join(root, 'cache') });
  service = createDocsService(catalog);
  expect(repository).toBeTruthy();
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

async function get(path: string): Promise<{ status: number; body: any }> {
  const response = await service.app.fetch(new Request(`http://127.0.0.1${path}`));
  return { status: response.status, body: await response.json() };
}

describe('the catalog', () => {
  it('holds the default library and the others, versions newest first, git versions read from tags', () => {
    expect(catalog.defaultLibrary.id).toBe('kit');
    expect(catalog.libraries.map((library) => [library.id, library.versions.map((version) => version.version)])).toEqual([
      ['quill', ['2.0.0', '1.0.0']],
      ['lumen', ['3.1']],
      ['kit', ['0.1.0']],
    ]);
    expect(catalog.byId.get('quill')!.versions[1]!.source).toMatch(/^git:.*quill#v1\.0\.0\([0-9a-f]{12}\):docs$/);
  });
});

describe('requests that name no library', () => {
  it('answer from the default library exactly as a single-library service does', async () => {
    const single = createDocsService(await loadContent(embeddedContentDirectory));
    for (const path of [
      '/api/search?q=maxIterations%20default&limit=3',
      '/api/docs?slug=kit-core',
      '/api/examples?topic=defineAPI&limit=1',
    ]) {
      const [many, one] = await Promise.all([
        service.app.fetch(new Request(`http://127.0.0.1${path}`)),
        single.app.fetch(new Request(`http://127.0.0.1${path}`)),
      ]);
      expect(await many.text(), path).toBe(await one.text());
    }
  });
});

describe('library and version', () => {
  it('reads a section of a pinned version, with urls under the version', async () => {
    const { status, body } = await get('/api/docs?library=quill&version=1&slug=guide/formats&section=inline%20formats');
    expect(status).toBe(200);
    expect(body).toMatchObject({ library: 'quill', version: '1.0.0', total: 1 });
    expect(body.documents[0].content).toContain('toggleFormat switches');
    expect(body.documents[0].url).toBe('/libraries/quill/1.0.0/docs/guide/formats#inline-formats');
    const latest = await get('/api/docs?library=quill&slug=guide/formats&section=inline%20formats');
    expect(latest.body.version).toBe('2.0.0');
    expect(latest.body.documents[0].content).toContain('applyFormat replaced');
  });

  it('accepts an alias and ranges, and refuses unknown libraries and versions with what there is', async () => {
    expect((await get('/api/search?q=applyFormat&library=%40quill%2Fcore&version=%5E2')).body.results[0]).toMatchObject({
      library: 'quill',
      version: '2.0.0',
    });
    const library = await get('/api/docs?library=quil');
    expect(library.status).toBe(404);
    expect(library.body.detail).toContain('did you mean "quill"');
    const version = await get('/api/docs?library=quill&version=7');
    expect(version.status).toBe(404);
    expect(version.body.detail).toContain('it has 2.0.0, 1.0.0');
  });

  it('takes a name only one library answers to, and suggests a range that fits', async () => {
    expect((await get('/api/docs?library=Quill&slug=index')).body.library).toBe('quill');
    expect((await get('/api/libraries?name=quill%20editor')).body.libraries[0].id).toBe('quill');
    const lumen = await get('/api/docs?library=lumen&version=9');
    expect(lumen.body.detail).toContain('"3" or "^3.0"');
  });

  it('searches one version only: a page added in 2.0.0 is not found in 1.0.0', async () => {
    const v2 = await get('/api/search?q=presence%20cursors&library=quill');
    expect(v2.body.results[0].url).toBe('/libraries/quill/2.0.0/docs/guide/collaboration#presence-cursors');
    const v1 = await get('/api/search?q=presence%20cursors&library=quill&version=1.0.0');
    expect(v1.body.results.some((result: { url: string }) => result.url.includes('collaboration'))).toBe(false);
  });
});

describe('library=*', () => {
  it('searches every library and says which each result is from', async () => {
    const { body } = await get('/api/search?q=cors%20preflight&library=*&limit=5');
    expect(body.results[0]).toMatchObject({
      library: 'lumen',
      version: '3.1',
      url: '/libraries/lumen/3.1/docs/index#cross-origin-requests',
    });
    expect(new Set(body.results.map((result: { library: string }) => result.library)).size).toBeGreaterThan(0);
  });

  it('lists the library a question names first', async () => {
    const { body } = await get('/api/search?q=quill%20middleware&library=*&limit=5');
    expect(body.results[0].library).toBe('quill');
    const kit = await get('/api/search?q=lumen%20timeout&library=*&limit=3');
    expect(kit.body.results[0]).toMatchObject({ library: 'lumen', title: 'Timeouts' });
  });

  it('refuses a version or topic, which differ between libraries', async () => {
    expect((await get('/api/search?q=x&library=*&version=1')).status).toBe(400);
    expect((await get('/api/search?q=x&library=*&topic=auth')).status).toBe(400);
    const docs = await get('/api/docs?library=*');
    expect(docs.status).toBe(400);
    expect(docs.body.detail).toContain('for /api/search only');
  });
});

describe('/api/libraries', () => {
  it('lists every library, the default first', async () => {
    const { body } = await get('/api/libraries');
    expect(body.libraries.map((library: { id: string }) => library.id)).toEqual(['kit', 'quill', 'lumen']);
    expect(body.libraries[1]).toMatchObject({
      title: 'Quill',
      versions: ['2.0.0', '1.0.0'],
      latest: '2.0.0',
      default: false,
      url: '/libraries/quill/2.0.0/',
    });
  });

  it('resolves a free-text name: id, alias, scoped package, title; did-you-mean for the rest', async () => {
    for (const [name, match] of [
      ['quill', 'id'],
      ['QuillJS', 'alias'],
      ['@quill/core', 'alias'],
      ['@acme/lumen', 'package'],
    ] as const) {
      const { status, body } = await get(`/api/libraries?name=${encodeURIComponent(name)}`);
      expect(status, name).toBe(200);
      expect(body.libraries[0], name).toMatchObject({ match });
    }
    const missing = await get('/api/libraries?name=quil');
    expect(missing.status).toBe(404);
    expect(missing.body.suggestions).toEqual(['quill']);
  });
});

describe('tokens', () => {
  it('sends the most relevant text that fits, cut at a sentence, and says what was left out', async () => {
    const whole = await get('/api/docs?slug=kit-core');
    for (const tokens of [200, 600, 2000]) {
      const { body } = await get(`/api/docs?slug=kit-core&tokens=${tokens}`);
      expect(JSON.stringify(body).length / 4, String(tokens)).toBeLessThanOrEqual(tokens);
      expect(body.budget).toMatchObject({ tokens, complete: false });
      expect(body.budget.omittedTotal + body.documents.length, String(tokens)).toBe(whole.body.documents.length);
      expect(body.budget.next).toContain('section');
    }
    for (const query of ['/api/search?q=route&limit=20', '/api/search?q=cors&library=*&limit=20']) {
      const all = (await get(query)).body.results.length;
      for (const tokens of [200, 300]) {
        const search = await get(`${query}&tokens=${tokens}`);
        expect(JSON.stringify(search.body).length / 4, query).toBeLessThanOrEqual(tokens);
        expect(search.body.results.length, `${query} ${tokens}`).toBeGreaterThan(0);
        expect(search.body.budget.omittedTotal + search.body.results.length).toBe(all);
      }
    }
  });

  it('refuses a budget too small to hold a section', async () => {
    expect((await get('/api/docs?slug=kit-core&tokens=10')).status).toBe(400);
  });
});

describe('bad settings', () => {
  it('name the place and the fix', async () => {
    const file = join(root, 'bad.yaml');
    await writeFile(file, 'libraries:\n  Quill:\n    versions: []\n');
    const error = await readLibrarySettings(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LibrarySettingsError);
    expect((error as LibrarySettingsError).issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['libraries.Quill']));
    expect(() => parseContentFlag('Hono@4=./docs')).toThrow(LibrarySettingsError);
  });

  it('say what to write instead, for each common slip', async () => {
    const cases: [string, string, string][] = [
      [
        'libraries:\n  quill:\n    versions:\n      - { version: 4.10, directory: . }\n',
        'libraries.quill.versions.0.version',
        'put the version in quotes, "4.1"',
      ],
      ['libraries:\n  Quill:\n    versions:\n      - { version: "1", directory: . }\n', 'libraries.Quill', 'such as "quill"'],
      ['libraries:\n  quill:\n    versoins: []\n', 'libraries.quill', 'it takes title, summary, aliases and versions'],
      [
        'libraries:\n  quill:\n    versions:\n      - { version: "1", directory: ., git: . }\n',
        'libraries.quill.versions.0.git',
        'give a folder with directory',
      ],
      [
        'libraries:\n  quill:\n    versions:\n      - { version: "1", git: ./quill }\n',
        'libraries.quill.versions.0.ref',
        'the tag, branch or commit',
      ],
    ];
    for (const [text, path, message] of cases) {
      const file = join(root, 'slip.yaml');
      await writeFile(file, text);
      const error = (await readLibrarySettings(file).catch((caught: unknown) => caught)) as LibrarySettingsError;
      expect(error, text).toBeInstanceOf(LibrarySettingsError);
      expect(error.issues, text).toEqual(expect.arrayContaining([{ path, message: expect.stringContaining(message) }]));
    }
    // A whole number is read as the label it looks like.
    await writeFile(join(root, 'number.yaml'), 'libraries:\n  quill:\n    versions:\n      - { version: 4, directory: . }\n');
    expect((await readLibrarySettings(join(root, 'number.yaml'))).libraries[0]!.versions[0]!.version).toBe('4');
  });

  it('refuse bad --content flags and a name given to two libraries', () => {
    expect(() => parseContentFlag('hono@4=')).toThrow(/names no folder/);
    expect(() => parseContentFlag('hono@=./docs')).toThrow(/empty version/);
    expect(() => parseContentFlag('Hono@4=./docs')).toThrow(/--content hono@4=\.\/docs/);
    const clash = () =>
      combineSources({
        defaultDirectory: embeddedContentDirectory,
        defaultId: 'kit',
        defaultVersion: '0.1.0',
        flags: [],
        settings: {
          libraries: [
            { id: 'quill', aliases: ['editor'], versions: [{ version: '1', directory: '.' }] },
            { id: 'lumen', aliases: ['quill'], versions: [{ version: '1', directory: '.' }] },
          ],
        },
      });
    expect(clash).toThrow(/"quill" already names quill/);
  });

  it('a missing tag is refused with the way to list them; a broken folder with its file and line', async () => {
    const source = combineSources({
      defaultDirectory: embeddedContentDirectory,
      defaultId: 'kit',
      defaultVersion: '0.1.0',
      flags: [],
      settings: {
        libraries: [{ id: 'quill', versions: [{ version: '9', git: { repository: join(root, 'quill'), ref: 'v9.0.0', path: 'docs' } }] }],
      },
    });
    const error = await loadCatalog(source, loadContent, { gitCacheDirectory: join(root, 'cache') }).catch((caught: unknown) => caught);
    expect((error as LibrarySettingsError).issues[0]!.message).toContain('"v9.0.0" is not a tag, branch or commit');

    const broken = await writeDocsFolder(join(root, 'broken'), { 'index.md': '---\ntitle: [unclosed\n---\n# x\n' });
    const withBroken = combineSources({
      defaultDirectory: embeddedContentDirectory,
      defaultId: 'kit',
      defaultVersion: '0.1.0',
      flags: [parseContentFlag(`broken@1=${broken}`)],
    });
    const content = await loadCatalog(withBroken, loadContent, { gitCacheDirectory: join(root, 'cache') }).catch(
      (caught: unknown) => caught,
    );
    expect(content).toBeInstanceOf(ContentError);
    expect((content as ContentError).problems[0]!.message).toMatch(/^broken@1: /);
  });
});
