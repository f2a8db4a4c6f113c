/**
 * One `kit-docs serve` process for a whole stack: the embedded kit corpus, a library with two
 * versions from folders given as --content flags, and one with two releases read from a git
 * repository's tags through a settings file. An MCP client with the official SDK resolves a library
 * by name and reads a section of a pinned version; adding a version is a reload without downtime,
 * and a broken folder is refused while the old catalog keeps serving.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { eventually, spawnServe, stopProcess, type ServeProcess } from '../ops/support.js';
import { gitRepositoryWithReleases, page, writeDocsFolder } from '../support/library-folders.js';

let root: string;
let serve: ServeProcess | undefined;
let settings: string;

const settingsText = (extra = '') =>
  [
    'libraries:',
    '  tern:',
    '    title: Tern',
    '    aliases: ["@tern/cli"]',
    '    versions:',
    '      - { version: 1.4.0, git: ./tern, ref: v1.4.0 }',
    '      - { version: 2.0.0, git: ./tern, ref: v2.0.0 }',
    extra,
  ].join('\n');

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kit-docs-serve-libraries-'));
  await gitRepositoryWithReleases(join(root, 'tern'), [
    {
      tag: 'v1.4.0',
      pages: {
        'index.md': page('Tern', 'Tern runs jobs.'),
        'guides/config.md': page('Configuration', 'Tern reads tern.toml.', {
          'Retry policy': 'Set retries in tern.toml; version 1 retries three times.',
        }),
      },
    },
    {
      tag: 'v2.0.0',
      pages: {
        'index.md': page('Tern', 'Tern runs jobs.'),
        'guides/config.md': page('Configuration', 'Tern reads tern.toml.', {
          'Retry policy': 'Set retry.max in tern.toml; version 2 retries five times with backoff.',
        }),
      },
    },
  ]);
  for (const version of ['5', '6'])
    await writeDocsFolder(join(root, `heron-${version}`), {
      'index.md': page('Heron', `Heron ${version} queues jobs.`, { 'Job priorities': `Heron ${version} runs high priority jobs first.` }),
    });
  settings = join(root, 'kit-docs.yaml');
  await writeFile(settings, settingsText());
  serve = await spawnServe(
    [
      '--workers',
      '1',
      '--libraries',
      settings,
      '--content',
      `heron@5=${join(root, 'heron-5')}`,
      '--content',
      `heron@6=${join(root, 'heron-6')}`,
    ],
    { KIT_DOCS_CACHE_DIR: join(root, 'cache') },
  );
}, 60_000);
afterAll(async () => {
  await stopProcess(serve);
  await rm(root, { recursive: true, force: true });
});

describe('kit-docs serve with several libraries', () => {
  it('says what it serves and lists the libraries over HTTP', async () => {
    expect(serve!.stderr()).toContain('3 libraries: tern (2.0.0, 1.4.0), heron (6, 5), kit (');
    const libraries = (await sendRaw(`${serve!.base}/api/libraries`)).json();
    expect(libraries.libraries.map((library: { id: string }) => library.id)).toEqual(['kit', 'tern', 'heron']);
  });

  it('lets an MCP client resolve a library and read a section of a pinned version', async () => {
    const client = new Client({ name: 'kit-docs-libraries-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${serve!.base}/mcp`)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('get_api_libraries');
      const resolved = await client.callTool({ name: 'get_api_libraries', arguments: { name: '@tern/cli' } });
      const { libraries } = resolved.structuredContent as { libraries: { id: string; versions: string[] }[] };
      expect(libraries[0]).toMatchObject({ id: 'tern', versions: ['2.0.0', '1.4.0'] });
      const read = await client.callTool({
        name: 'get_api_docs',
        arguments: { library: libraries[0]!.id, version: '1', slug: 'guides/config', section: 'Retry policy' },
      });
      expect(read.isError, JSON.stringify(read.content)).toBeFalsy();
      const answer = read.structuredContent as { version: string; documents: { content: string; url: string }[] };
      expect(answer.version).toBe('1.4.0');
      expect(answer.documents[0]!.content).toContain('retries three times');
      expect(answer.documents[0]!.url).toBe('/libraries/tern/1.4.0/docs/guides/config#retry-policy');
      const resource = await client.readResource({ uri: 'kit-docs://libraries/tern/2/docs/guides/config' });
      expect((resource.contents[0] as { text: string }).text).toContain('five times with backoff');
    } finally {
      await client.close();
    }
  });

  it('adds a version on SIGHUP without downtime, and keeps serving when a folder is broken', async () => {
    const base = serve!.base;
    await writeDocsFolder(join(root, 'heron-7'), {
      'index.md': page('Heron', 'Heron 7 queues jobs.', { 'Job priorities': 'Heron 7 adds fair scheduling.' }),
    });
    await writeFile(
      settings,
      settingsText(
        ['  heron:', '    versions:', `      - { version: "7", directory: ${JSON.stringify(join(root, 'heron-7'))} }`].join('\n'),
      ),
    );
    // Requests keep being answered during the reload.
    let failures = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const status = (await sendRaw(`${base}/api/search?q=priority&library=heron`).catch(() => ({ status: 0 }))).status;
        if (status !== 200) failures++;
      }
    })();
    serve!.child.kill('SIGHUP');
    await eventually(async () => (await sendRaw(`${base}/api/libraries?name=heron`)).json().libraries[0].latest === '7', 20_000);
    polling = false;
    await poll;
    expect(failures).toBe(0);

    await writeDocsFolder(join(root, 'heron-7'), { 'broken.md': '---\ntitle: [unclosed\n---\n' });
    serve!.child.kill('SIGHUP');
    await eventually(async () => (await sendRaw(`${base}/api/health`)).json().status === 'degraded', 20_000);
    expect((await sendRaw(`${base}/api/docs?library=heron&slug=index&section=job%20priorities`)).json().documents[0].content).toContain(
      'fair scheduling',
    );
    await serve!.waitFor(() => /content reload failed: [^"]*broken\.md:\d+: heron@7: /.test(serve!.stdout()));
  }, 60_000);
});
