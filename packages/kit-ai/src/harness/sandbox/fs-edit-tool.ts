import type { AgentTool } from '../../tools/types.js';
import type { SandboxPaths } from './sandbox-paths.js';
import { sandboxTool, toolFailure } from './sandbox-tool.js';
import { readTextFile, writeTextFile } from './text-file.js';

/** What `fs_edit` returns. */
export interface FileEditResult {
  path: string;
  /** The line (from 1) where the replaced text began. */
  line: number;
  /** The file's size in bytes after the edit. */
  bytes: number;
}

interface EditArgs {
  path: string;
  oldText: string;
  newText: string;
}

/** Where `needle` starts in `text`, overlapping matches included (so "aa" in "aaa" is ambiguous). */
function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

/**
 * The texts to match and insert: as given, or with `\r\n` line endings when the file uses them and the
 * model wrote `\n` (it sees both as line breaks, and would otherwise never match).
 */
function matchingEndings(text: string, oldText: string, newText: string): { from: string; to: string } {
  const crlf = (value: string): string => value.replace(/\r?\n/g, '\r\n');
  if (text.includes(oldText) || !text.includes('\r\n') || !oldText.includes('\n')) return { from: oldText, to: newText };
  return { from: crlf(oldText), to: crlf(newText) };
}

/** `fs_edit`: replaces the one occurrence of a text in a file of the sandbox. */
export function fsEditTool(paths: SandboxPaths, maxFileBytes: number, timeout: number): AgentTool {
  return sandboxTool<EditArgs>({
    name: 'fs_edit',
    description:
      'Change part of a text file in the sandbox: oldText, which must occur exactly once in the file (copy it from fs_read, whitespace and line breaks included, with enough surrounding lines to be unique), is replaced by newText. Paths are relative to the sandbox root.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', minLength: 1, description: 'The file to change, relative to the sandbox root.' },
        oldText: { type: 'string', minLength: 1, description: 'The exact text to replace; it must occur exactly once.' },
        newText: { type: 'string', description: 'The text to put in its place (empty to delete it).' },
      },
      required: ['path', 'oldText', 'newText'],
      additionalProperties: false,
    },
    isConcurrencySafe: false,
    timeout,
    async run({ path, oldText, newText }): Promise<FileEditResult> {
      const file = await paths.existing('fs_edit', path);
      const { text, truncated, size } = await readTextFile('fs_edit', file.real, file.shown, maxFileBytes);
      if (truncated) {
        throw toolFailure(
          'fs_edit',
          `${JSON.stringify(file.shown)} has ${size} bytes, more than the ${maxFileBytes} the sandbox edits; rewrite it with fs_write.`,
        );
      }
      const { from, to } = matchingEndings(text, oldText, newText);
      const found = occurrences(text, from);
      if (found.length === 0) {
        throw toolFailure(
          'fs_edit',
          `oldText was not found in ${JSON.stringify(file.shown)}; read the file with fs_read and copy the text exactly, whitespace and line breaks included.`,
        );
      }
      if (found.length > 1) {
        const lines = found.slice(0, 10).map((at) => lineAt(text, at));
        throw toolFailure(
          'fs_edit',
          `oldText occurs ${found.length} times in ${JSON.stringify(file.shown)} (at lines ${lines.join(', ')}${found.length > 10 ? ', ...' : ''}); include more of the surrounding lines so that it occurs exactly once.`,
        );
      }
      const at = found[0]!;
      // Spliced, not String.replace, so `$&` and the like in newText stay literal.
      const bytes = await writeTextFile(file.real, text.slice(0, at) + to + text.slice(at + from.length));
      return { path: file.shown, line: lineAt(text, at), bytes };
    },
  });
}
