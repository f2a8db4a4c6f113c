/**
 * Every way out of the file sandbox the model might try, each refused with `sandbox_refused`, while a
 * folder beside the root (the "outside") is checked to be neither read into a result nor changed.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure } from '../../testing/failure.js';
import { useTempFolders } from '../../testing/temp-folders.js';
import type { AgentTool } from '../../tools/types.js';
import { createFileSandbox } from './file-sandbox.js';

const tempFolder = useTempFolders('kit-sandbox-escape-');
const secret = 'outside secret 7f3a';

let root: string;
let outside: string;
let tools: Map<string, AgentTool>;

/** Every file below a folder with its content and mode, to compare before and after. */
function snapshot(folder: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const info = statSync(path);
    result[path] = info.isFile() ? `${info.mode}:${readFileSync(path, 'utf8')}` : `${info.mode}:dir`;
  }
  return result;
}

async function refused(name: string, args: Record<string, unknown>): Promise<string> {
  const error = await failure(tools.get(name)!.execute(args));
  expect(error.code, `${name} ${JSON.stringify(args)}: ${error.message}`).toBe('sandbox_refused');
  expect(error.message).not.toContain(secret);
  return error.message;
}

beforeEach(() => {
  const base = tempFolder();
  root = join(base, 'root');
  outside = join(base, 'outside');
  mkdirSync(root);
  mkdirSync(join(outside, 'dir'), { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), secret);
  writeFileSync(join(outside, 'dir', 'inner.txt'), secret);
  writeFileSync(join(root, 'inside.txt'), 'inside\n');
  tools = new Map(createFileSandbox({ root }).tools.map((tool) => [tool.name, tool]));
});

describe('the file sandbox refuses', () => {
  it('paths that climb out with ..', async () => {
    const before = snapshot(outside);
    const message = await refused('fs_read', { path: '../outside/secret.txt' });
    expect(message).toBe(
      `fs_read: "../outside/secret.txt" climbs out of the sandbox with "..". Only paths inside the sandbox root ${root} can be used: relative ones such as "src/index.ts", or absolute ones under the root.`,
    );
    await refused('fs_read', { path: 'a/../../outside/secret.txt' });
    await refused('fs_write', { path: '../outside/new.txt', content: 'x' });
    await refused('fs_write', { path: '../outside/secret.txt', content: 'x' });
    await refused('fs_edit', { path: '../outside/secret.txt', oldText: 'outside', newText: 'x' });
    await refused('fs_list', { path: '..' });
    await refused('run_command', { command: 'pwd', cwd: '..' });
    expect(snapshot(outside)).toEqual(before);
  });

  it('absolute paths outside the root, /etc/passwd among them', async () => {
    const before = snapshot(outside);
    const message = await refused('fs_read', { path: '/etc/passwd' });
    expect(message).toContain('"/etc/passwd" is an absolute path outside the sandbox');
    await refused('fs_read', { path: join(outside, 'secret.txt') });
    await refused('fs_write', { path: join(outside, 'new.txt'), content: 'x' });
    await refused('fs_list', { path: '/' });
    // A path that only starts like the root is not inside it.
    await refused('fs_read', { path: `${root}-other/file` });
    expect(snapshot(outside)).toEqual(before);
    // Absolute paths inside the root are fine.
    expect(await tools.get('fs_read')!.execute({ path: join(root, 'inside.txt') })).toMatchObject({ content: 'inside\n' });
  });

  it('NUL bytes', async () => {
    expect(await refused('fs_read', { path: 'inside.txt\0../../etc/passwd' })).toBe(
      'fs_read: the path contains a NUL byte; give a plain path inside the sandbox.',
    );
    await refused('fs_write', { path: 'a\0b', content: 'x' });
  });

  it('a symbolic link to a folder outside, to read, list or write through it', async () => {
    symlinkSync(outside, join(root, 'tmp-link'));
    const before = snapshot(outside);
    const message = await refused('fs_read', { path: 'tmp-link/secret.txt' });
    expect(message).toBe(
      `fs_read: "tmp-link/secret.txt" is, or goes through, a symbolic link that leads outside the sandbox; only files and folders inside the root ${root} can be used, and links out of it are not followed.`,
    );
    await refused('fs_list', { path: 'tmp-link' });
    await refused('fs_list', { path: 'tmp-link/dir' });
    await refused('fs_write', { path: 'tmp-link/new.txt', content: 'x' });
    await refused('fs_write', { path: 'tmp-link/dir/deeper/new.txt', content: 'x' });
    await refused('fs_edit', { path: 'tmp-link/secret.txt', oldText: 'outside', newText: 'x' });
    await refused('run_command', { command: 'pwd', cwd: 'tmp-link' });
    // A missing name behind the link is refused too, rather than reported missing: that would tell about the outside.
    await refused('fs_read', { path: 'tmp-link/missing.txt' });
    expect(snapshot(outside)).toEqual(before);
    // Listing the root shows the link without following it.
    expect(await tools.get('fs_list')!.execute({ recursive: true })).toEqual({
      path: '.',
      entries: [
        { path: 'inside.txt', type: 'file', size: 7 },
        { path: 'tmp-link', type: 'symlink', target: '(outside the sandbox: not followed)' },
      ],
      truncated: false,
    });
  });

  it('a symbolic link to a file outside, to read it or write through it', async () => {
    symlinkSync(join(outside, 'secret.txt'), join(root, 'notes.txt'));
    const before = snapshot(outside);
    await refused('fs_read', { path: 'notes.txt' });
    await refused('fs_write', { path: 'notes.txt', content: 'overwritten' });
    await refused('fs_edit', { path: 'notes.txt', oldText: 'outside', newText: 'x' });
    expect(snapshot(outside)).toEqual(before);
  });

  it('a dangling symbolic link, whose write would create a file outside', async () => {
    symlinkSync(join(outside, 'created-by-write.txt'), join(root, 'dangling.txt'));
    symlinkSync(join(outside, 'new-dir'), join(root, 'dangling-dir'));
    const before = snapshot(outside);
    expect(await refused('fs_write', { path: 'dangling.txt', content: 'x' })).toContain('whose target does not exist');
    await refused('fs_write', { path: 'dangling-dir/file.txt', content: 'x' });
    await refused('fs_read', { path: 'dangling.txt' });
    expect(snapshot(outside)).toEqual(before);
  });

  it('links made by run_command, to a file, to a folder and through a chain of links', async () => {
    const run = tools.get('run_command')!;
    const made = (await run.execute({
      command: `ln -s ${outside} out && ln -s out chained && ln -s ${join(outside, 'secret.txt')} s.txt && mkdir sub && ln -s ../chained sub/up`,
    })) as { exitCode: number };
    expect(made.exitCode).toBe(0);
    const before = snapshot(outside);
    for (const path of ['out/secret.txt', 'chained/secret.txt', 's.txt', 'sub/up/secret.txt', 'sub/up/dir/inner.txt']) {
      await refused('fs_read', { path });
      await refused('fs_write', { path, content: 'x' });
    }
    await refused('fs_write', { path: 'sub/up/brand-new.txt', content: 'x' });
    expect(snapshot(outside)).toEqual(before);
  });

  it('but follows links that stay inside the root', async () => {
    mkdirSync(join(root, 'real'));
    writeFileSync(join(root, 'real', 'file.txt'), 'real\n');
    symlinkSync(join(root, 'real'), join(root, 'alias'));
    symlinkSync('real/file.txt', join(root, 'file-link.txt'));
    expect(await tools.get('fs_read')!.execute({ path: 'alias/file.txt' })).toMatchObject({ content: 'real\n' });
    await tools.get('fs_write')!.execute({ path: 'alias/new/made.txt', content: 'made' });
    expect(readFileSync(join(root, 'real', 'new', 'made.txt'), 'utf8')).toBe('made');
    await tools.get('fs_edit')!.execute({ path: 'file-link.txt', oldText: 'real', newText: 'edited' });
    expect(readFileSync(join(root, 'real', 'file.txt'), 'utf8')).toBe('edited\n');
    const listed = (await tools.get('fs_list')!.execute({})) as { entries: unknown[] };
    expect(listed.entries).toContainEqual({ path: 'alias', type: 'symlink', target: 'real' });
  });
});
