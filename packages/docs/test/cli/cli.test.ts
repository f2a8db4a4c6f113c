/** The `kit-docs` program as a user runs it: the built bin, real processes, exit codes and output. */
import { execFile } from 'node:child_process';
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
    await writeFile(join(dir, 'docs', 'broken.md'), '---\ntitle: Broken\nsummary: x\ngroup: Guides\norder: 1\ntopics: [nope]\n---\nSee [x](/docs/missing).\n');
    const result = await run(['check', '--content', dir]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toContain(`${join(dir, 'docs', 'broken.md')}:6: unknown topic tag "nope"; add it to taxonomy.yaml under its category, or use a listed tag`);
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
});
