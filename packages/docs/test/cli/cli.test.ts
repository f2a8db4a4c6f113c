/** The `kit-docs` program as a user runs it: the built bin, real processes, exit codes and output. */
import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedContentDirectory } from '../../src/content/index.js';

const bin = fileURLToPath(new URL('../../bin/kit-docs.js', import.meta.url));
const run = async (args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('kit-docs', () => {
  it('check prints nothing and exits 0 on the embedded corpus', async () => {
    expect(await run(['check'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('check prints file:line: message per problem and exits 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kit-docs-check-'));
    scratch.push(dir);
    await cp(embeddedContentDirectory, dir, { recursive: true });
    await writeFile(
      join(dir, 'docs', 'broken.md'),
      '---\ntitle: Broken\nsummary: x\ngroup: Guides\norder: 1\ntopics: [nope]\n---\nSee [x](/docs/missing).\n',
    );
    const result = await run(['check', '--content', dir]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toContain(
      `${join(dir, 'docs', 'broken.md')}:6: unknown topic tag "nope"; add it to taxonomy.yaml under its category, or use a listed tag`,
    );
    expect(lines).toContain(`${join(dir, 'docs', 'broken.md')}:8: broken link "/docs/missing": no such document or section`);
    for (const line of lines) expect(line).toMatch(/^\S+:\d+: /);
  });

  it('serve refuses invalid content with file:line errors instead of starting', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kit-docs-serve-'));
    scratch.push(dir);
    await cp(embeddedContentDirectory, dir, { recursive: true });
    await writeFile(join(dir, 'docs', 'bad.md'), 'no front matter\n');
    const result = await run(['serve', '--content', dir, '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${join(dir, 'docs', 'bad.md')}:1: missing front matter`);
  });

  it('search prints the ranked sections the API returns', async () => {
    const result = await run(['search', 'maxIterations', 'default', '--limit', '2']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^1\. .+ › maxIterations {2}\(\d/);
    expect(result.stdout).toContain('/docs/');
  });

  it('search reports a bad topic as the API does', async () => {
    const result = await run(['search', 'token', '--topic', 'nonsense']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a topic');
  });

  it('explains usage errors and exits 2', async () => {
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run(['frobnicate'])).stderr).toContain('unknown command "frobnicate"');
    expect((await run(['serve', '--port', 'eighty'])).stderr).toContain('is not a port number');
    expect((await run(['search'])).code).toBe(2);
    expect((await run(['--help'])).stdout).toContain('Usage: kit-docs <command>');
  });

  it('check tells warnings from errors in a folder without settings, and fails only on errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kit-docs-lenient-'));
    scratch.push(dir);
    await writeFile(join(dir, 'index.md'), '# Home\n\nSee [the guide](./guide.md) and [gone](./gone.md).\n');
    await writeFile(join(dir, 'guide.md'), '---\norder: soon\n---\n# Guide\n\nText.\n');
    const clean = await run(['check', '--content', dir]);
    expect(clean.code).toBe(0);
    expect(clean.stdout.trim().split('\n')).toEqual([
      `${join(dir, 'guide.md')}:2: warning: order: expected a number; the value is ignored`,
      `${join(dir, 'index.md')}:3: warning: broken link "./gone.md": no document at "./gone.md"`,
    ]);
    expect(clean.stderr).toBe('kit-docs check: 0 errors, 2 warnings\n');
    await writeFile(join(dir, 'broken.md'), '---\ntitle: [open\n---\nText.\n');
    const failing = await run(['check', '--content', dir]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain(`${join(dir, 'broken.md')}:2: invalid YAML: `);
    expect(failing.stdout).toContain(`${join(dir, 'index.md')}:3: warning: broken link`);
    expect(failing.stderr).toBe('kit-docs check: 1 error, 2 warnings\n');
  });

  it('check, search and serve take a generator’s docs folder as it is', async () => {
    // Every layout loads cleanly in-process (test/content/zero-config.test.ts); two are enough through the program.
    for (const layout of ['starlight', 'plain']) {
      expect(await run(['check', '--content', join(fixtures, layout)]), layout).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    const search = await run(['search', 'time', 'zone', 'of', 'schedules', '--content', join(fixtures, 'mkdocs'), '--limit', '1']);
    expect(search.stdout).toContain('/docs/user-guide/scheduling#time-zones');

    const server = spawn(process.execPath, [bin, 'serve', '--content', join(fixtures, 'docusaurus'), '--port', '0', '--workers', '1'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let seen = '';
        server.stderr.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          const match = /serving 7 documents, \d+ sections and 0 examples at (http:\/\/\S+)\//.exec(seen);
          if (match) resolve(match[1]!);
        });
        server.once('exit', () => reject(new Error(`serve stopped: ${seen}`)));
      });
      const page = await fetch(`${address}/docs/tutorial-basics/tag-notes`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<p class="tab-label">New note</p>');
    } finally {
      server.kill('SIGTERM');
    }
  });
});
