import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AgentTool } from '../../tools/types.js';
import type { SandboxPaths } from './sandbox-paths.js';
import { sandboxTool } from './sandbox-tool.js';
import { writeTextFile } from './text-file.js';

/** What `fs_write` returns. */
export interface FileWriteResult {
  path: string;
  /** Bytes written (UTF-8). */
  bytes: number;
  /** The file did not exist before. */
  created: boolean;
}

interface WriteArgs {
  path: string;
  content: string;
}

/** `fs_write`: creates or replaces a text file inside the sandbox, with the folders it needs. */
export function fsWriteTool(paths: SandboxPaths, timeout: number): AgentTool {
  return sandboxTool<WriteArgs>({
    name: 'fs_write',
    description:
      'Create a text file in the sandbox, or replace the whole content of an existing one. Missing parent folders are created. Paths are relative to the sandbox root. To change part of a file, use fs_edit instead.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', minLength: 1, description: 'The file to write, relative to the sandbox root.' },
        content: { type: 'string', description: 'The complete new content of the file.' },
      },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    isConcurrencySafe: false,
    timeout,
    async run({ path, content }): Promise<FileWriteResult> {
      const { target, shown, exists } = await paths.forWrite('fs_write', path);
      // Only the folders below the checked real folder are new, so creating them cannot leave the root.
      if (!exists) await mkdir(dirname(target), { recursive: true });
      const bytes = await writeTextFile(target, content);
      return { path: shown, bytes, created: !exists };
    },
  });
}
