import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { copyOfCorpus, eventually, spawnServe, stopProcess, type ServeProcess } from './support.js';

const marker = 'Zebraquokka';

async function firstSectionText(base: string): Promise<string> {
  const response = await sendRaw(`${base}/api/docs?slug=kit-core`);
  return JSON.stringify(response.json());
}

describe('content reload', () => {
  let corpus: Awaited<ReturnType<typeof copyOfCorpus>>;
  let serve: ServeProcess | undefined;
  let original: string;
  const file = () => join(corpus.directory, 'docs', 'kit-core.md');

  beforeAll(async () => {
    corpus = await copyOfCorpus();
    original = await readFile(file(), 'utf8');
  });
  afterEach(async () => {
    await stopProcess(serve);
    serve = undefined;
    await writeFile(file(), original);
  });
  afterAll(() => corpus?.remove());

  it('swaps in valid content on SIGHUP, and keeps serving the old content, degraded, when it is invalid', async () => {
    serve = await spawnServe(['--workers', '1', '--content', corpus.directory]);
    const base = serve.base;
    expect(await firstSectionText(base)).not.toContain(marker);

    await writeFile(file(), original.replace('is the server side of kit', `is the server side of kit (${marker})`));
    serve.child.kill('SIGHUP');
    await eventually(async () => (await firstSectionText(base)).includes(marker));
    expect((await sendRaw(`${base}/api/health`)).json().status).toBe('ok');

    // Front matter without its closing fence: the whole reload is refused.
    await writeFile(file(), original.replace(/^---\n/, '---\ntitle: [unclosed\n'));
    serve.child.kill('SIGHUP');
    await eventually(async () => (await sendRaw(`${base}/api/health`)).json().status === 'degraded');
    expect(await firstSectionText(base)).toContain(marker);
    await serve.waitFor(() => /content reload failed: [^"]*kit-core\.md:\d+: /.test(serve!.stdout()));

    await writeFile(file(), original);
    serve.child.kill('SIGHUP');
    await eventually(async () => (await sendRaw(`${base}/api/health`)).json().status === 'ok');
    expect(await firstSectionText(base)).not.toContain(marker);
  });

  it('reloads on its own with --watch', async () => {
    serve = await spawnServe(['--workers', '1', '--watch', '--content', corpus.directory]);
    await writeFile(file(), original.replace('is the server side of kit', `is the server side of kit (${marker})`));
    await eventually(async () => (await firstSectionText(serve!.base)).includes(marker), 15_000);
  });
});
