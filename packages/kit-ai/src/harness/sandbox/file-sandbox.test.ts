import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectInvalidConfig } from '../../testing/config-cases.js';
import { failure } from '../../testing/failure.js';
import { useTempFolders } from '../../testing/temp-folders.js';
import type { AgentTool } from '../../tools/types.js';
import { createFileSandbox, type FileSandboxOptions } from './file-sandbox.js';

const tempFolder = useTempFolders('kit-file-sandbox-');

function sandboxTools(options: Partial<FileSandboxOptions> = {}): { root: string; tool: (name: string) => AgentTool } {
  const sandbox = createFileSandbox({ root: tempFolder(), ...options });
  return {
    root: sandbox.root,
    tool: (name) => {
      const found = sandbox.tools.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`no tool ${name}`);
      return found;
    },
  };
}

describe('createFileSandbox', () => {
  it('offers the fs_ tools and run_command, each with a schema and a description', () => {
    const sandbox = createFileSandbox({ root: tempFolder() });
    expect(sandbox.tools.map((tool) => tool.name)).toEqual(['fs_list', 'fs_read', 'fs_write', 'fs_edit', 'run_command']);
    for (const tool of sandbox.tools) {
      expect(tool.description.length).toBeGreaterThan(60);
      expect(tool.parameters).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.timeout).toBeGreaterThan(0);
    }
    expect(sandbox.tools.filter((tool) => tool.isConcurrencySafe).map((tool) => tool.name)).toEqual(['fs_list', 'fs_read']);
    expect(createFileSandbox({ root: tempFolder(), commands: false }).tools.map((tool) => tool.name)).not.toContain('run_command');
  });

  it('refuses bad options with invalid_config', () => {
    const file = join(tempFolder(), 'file.txt');
    writeFileSync(file, 'x');
    expectInvalidConfig(createFileSandbox, [
      [undefined, 'options must be an object'],
      [{}, 'root must be the path of a folder'],
      [{ root: join(tempFolder(), 'missing') }, 'does not exist; create the folder first'],
      [{ root: file }, 'is a file, not a folder'],
      [{ root: tempFolder(), commands: 'yes' }, 'commands must be a boolean'],
      [{ root: tempFolder(), commandTimeoutMs: 0 }, 'commandTimeoutMs must be a positive number'],
      [{ root: tempFolder(), maxOutputBytes: 1.5 }, 'maxOutputBytes must be a whole number of bytes'],
      [{ root: tempFolder(), maxFileBytes: -1 }, 'maxFileBytes must be a positive number'],
      [{ root: tempFolder(), env: { 'A=B': 'x' } }, 'is not a variable name'],
      [{ root: tempFolder(), env: { A: 1 } }, 'env.A must be a string'],
    ]);
  });

  it('checks the arguments of a direct call against the schema', async () => {
    const { tool } = sandboxTools();
    const error = await failure(tool('fs_read').execute({ path: 42 }));
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toBe('fs_read: path must be of type string.');
  });
});

describe('fs_write, fs_read and fs_list', () => {
  it('writes files with their folders, reads them back and lists them', async () => {
    const { root, tool } = sandboxTools();
    expect(await tool('fs_write').execute({ path: 'src/deep/a.txt', content: 'one\ntwo\nthree\n' })).toEqual({
      path: 'src/deep/a.txt',
      bytes: 14,
      created: true,
    });
    expect(await tool('fs_write').execute({ path: `${root}/src/deep/a.txt`, content: 'één\n' })).toEqual({
      path: 'src/deep/a.txt',
      bytes: 6,
      created: false,
    });
    expect(readFileSync(join(root, 'src/deep/a.txt'), 'utf8')).toBe('één\n');
    await tool('fs_write').execute({ path: 'b.md', content: 'line 1\nline 2\nline 3' });

    expect(await tool('fs_read').execute({ path: 'b.md' })).toEqual({
      path: 'b.md',
      content: 'line 1\nline 2\nline 3',
      startLine: 1,
      endLine: 3,
      totalLines: 3,
      size: 20,
      truncated: false,
    });
    expect(await tool('fs_read').execute({ path: './src/../b.md', startLine: 2, endLine: 9 })).toMatchObject({
      content: 'line 2\nline 3',
      startLine: 2,
      endLine: 3,
    });
    expect((await failure(tool('fs_read').execute({ path: 'b.md', startLine: 5 }))).message).toContain(
      'has 3 line(s); startLine 5 is past its end',
    );
    expect((await failure(tool('fs_read').execute({ path: 'b.md', startLine: 3, endLine: 2 }))).message).toContain('endLine (2) is before');

    expect(await tool('fs_list').execute({})).toEqual({
      path: '.',
      entries: [
        { path: 'b.md', type: 'file', size: 20 },
        { path: 'src', type: 'directory' },
      ],
      truncated: false,
    });
    expect(await tool('fs_list').execute({ path: 'src', recursive: true })).toEqual({
      path: 'src',
      entries: [
        { path: 'src/deep', type: 'directory' },
        { path: 'src/deep/a.txt', type: 'file', size: 6 },
      ],
      truncated: false,
    });
    expect(await tool('fs_list').execute({ recursive: true, maxEntries: 2 })).toMatchObject({ truncated: true, entries: [{}, {}] });
  });

  it('says what is wrong with a missing path, a folder, a binary file or a path under a file', async () => {
    const { root, tool } = sandboxTools();
    writeFileSync(join(root, 'image.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    writeFileSync(join(root, 'file.txt'), 'x');
    mkdirSync(join(root, 'folder'));
    const cases: [AgentTool, Record<string, unknown>, string][] = [
      [tool('fs_read'), { path: 'nope.txt' }, 'there is no file or folder at "nope.txt"'],
      [tool('fs_read'), { path: 'folder' }, '"folder" is a folder'],
      [tool('fs_read'), { path: 'image.bin' }, '"image.bin" is a binary file (4 bytes)'],
      [tool('fs_list'), { path: 'file.txt' }, '"file.txt" is a file, not a folder'],
      [tool('fs_write'), { path: 'file.txt/inner.txt', content: '' }, '"file.txt" is a file, so "file.txt/inner.txt" cannot be created'],
      [tool('fs_write'), { path: 'folder', content: '' }, '"folder" is a folder'],
      [tool('fs_write'), { path: '.', content: '' }, '"." is a folder'],
    ];
    for (const [candidate, args, message] of cases) {
      const error = await failure(candidate.execute(args));
      expect(error.code).toBe('tool_failed');
      expect(error.message).toContain(message);
    }
  });

  it('reads only the first maxFileBytes of a large file, up to its last whole line', async () => {
    const { root, tool } = sandboxTools({ maxFileBytes: 20 });
    writeFileSync(join(root, 'big.txt'), 'line one\nline two\nline three\n');
    expect(await tool('fs_read').execute({ path: 'big.txt' })).toMatchObject({
      content: 'line one\nline two\n',
      totalLines: 2,
      size: 29,
      truncated: true,
      note: 'The file has 29 bytes; only the first 2 lines (up to 20 bytes) can be read with fs_read.',
    });
    expect((await failure(tool('fs_edit').execute({ path: 'big.txt', oldText: 'one', newText: '1' }))).message).toContain(
      'has 29 bytes, more than the 20 the sandbox edits',
    );
  });
});

describe('fs_edit', () => {
  it('replaces the one occurrence, literally', async () => {
    const { root, tool } = sandboxTools();
    writeFileSync(join(root, 'a.ts'), 'const a = 1;\nconst b = 2;\n');
    expect(await tool('fs_edit').execute({ path: 'a.ts', oldText: 'b = 2', newText: "b = '$&$1'" })).toEqual({
      path: 'a.ts',
      line: 2,
      bytes: 31,
    });
    expect(readFileSync(join(root, 'a.ts'), 'utf8')).toBe("const a = 1;\nconst b = '$&$1';\n");
  });

  it('fails clearly when the text occurs zero or several times, and changes nothing', async () => {
    const { root, tool } = sandboxTools();
    const text = 'x = 1;\ny = 1;\nz = 1;\n';
    writeFileSync(join(root, 'a.ts'), text);
    const missing = await failure(tool('fs_edit').execute({ path: 'a.ts', oldText: 'w = 1', newText: '' }));
    expect(missing.message).toBe(
      'fs_edit: oldText was not found in "a.ts"; read the file with fs_read and copy the text exactly, whitespace and line breaks included.',
    );
    const several = await failure(tool('fs_edit').execute({ path: 'a.ts', oldText: ' = 1;', newText: ' = 2;' }));
    expect(several.message).toBe(
      'fs_edit: oldText occurs 3 times in "a.ts" (at lines 1, 2, 3); include more of the surrounding lines so that it occurs exactly once.',
    );
    expect(readFileSync(join(root, 'a.ts'), 'utf8')).toBe(text);
    const overlapping = await failure(tool('fs_edit').execute({ path: 'a.ts', oldText: '', newText: 'q' }));
    expect(overlapping.code).toBe('invalid_arguments');
  });

  it('matches \\n in oldText against a file with \\r\\n line endings, and keeps them', async () => {
    const { root, tool } = sandboxTools();
    writeFileSync(join(root, 'win.txt'), 'first\r\nsecond\r\nthird\r\n');
    await tool('fs_edit').execute({ path: 'win.txt', oldText: 'first\nsecond', newText: 'one\ntwo' });
    expect(readFileSync(join(root, 'win.txt'), 'utf8')).toBe('one\r\ntwo\r\nthird\r\n');
  });
});
