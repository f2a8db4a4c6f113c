import type { AgentTool } from '../../tools/types.js';
import type { SandboxPaths } from './sandbox-paths.js';
import { sandboxTool, toolFailure } from './sandbox-tool.js';
import { readTextFile } from './text-file.js';

/** What `fs_read` returns. */
export interface FileReadResult {
  path: string;
  /** The lines asked for (all that were read by default), with their line endings. */
  content: string;
  /** The first and last line returned, counted from 1. */
  startLine: number;
  endLine: number;
  /** Lines read; the whole file's unless `truncated`. */
  totalLines: number;
  /** The file's size in bytes. */
  size: number;
  /** The file is larger than the sandbox reads (`maxFileBytes`); only its start was read. */
  truncated: boolean;
  /** Said when the file was cut. */
  note?: string;
}

interface ReadArgs {
  path: string;
  startLine?: number;
  endLine?: number;
}

/** The lines of a text, each with its line ending; a final line without one counts too, an empty end does not. */
function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines.length === 1 && lines[0] === '' ? [] : lines;
}

/** `fs_read`: a text file of the sandbox, whole or a range of lines, up to `maxFileBytes`. */
export function fsReadTool(paths: SandboxPaths, maxFileBytes: number, timeout: number): AgentTool {
  return sandboxTool<ReadArgs>({
    name: 'fs_read',
    description: `Read a text file of the sandbox (the first ${maxFileBytes} bytes at most). Give startLine and endLine (counted from 1, both included) to read only those lines. Paths are relative to the sandbox root.`,
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', minLength: 1, description: 'The file to read, relative to the sandbox root.' },
        startLine: { type: 'integer', minimum: 1, description: 'The first line to return. Default 1.' },
        endLine: { type: 'integer', minimum: 1, description: 'The last line to return. Default: the last line.' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    isConcurrencySafe: true,
    timeout,
    async run({ path, startLine = 1, endLine }): Promise<FileReadResult> {
      const file = await paths.existing('fs_read', path);
      const { text, size, truncated } = await readTextFile('fs_read', file.real, file.shown, maxFileBytes);
      const lines = splitLines(text);
      const last = Math.min(endLine ?? lines.length, lines.length);
      if (endLine !== undefined && endLine < startLine) {
        throw toolFailure(
          'fs_read',
          `endLine (${endLine}) is before startLine (${startLine}); give a range such as startLine 10, endLine 40.`,
        );
      }
      if (startLine > Math.max(lines.length, 1)) {
        throw toolFailure(
          'fs_read',
          `${JSON.stringify(file.shown)} has ${lines.length} line(s)${truncated ? ' in its first part' : ''}; startLine ${startLine} is past its end.`,
        );
      }
      const result: FileReadResult = {
        path: file.shown,
        content: lines.slice(startLine - 1, last).join(''),
        startLine,
        endLine: Math.max(last, startLine - 1),
        totalLines: lines.length,
        size,
        truncated,
      };
      if (truncated) {
        result.note = `The file has ${size} bytes; only the first ${lines.length} lines (up to ${maxFileBytes} bytes) can be read with fs_read.`;
      }
      return result;
    },
  });
}
