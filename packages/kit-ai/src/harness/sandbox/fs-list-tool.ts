import type { Dirent } from 'node:fs';
import { lstat, readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentTool } from '../../tools/types.js';
import type { SandboxPaths } from './sandbox-paths.js';
import { sandboxTool } from './sandbox-tool.js';

/** One entry of an `fs_list` result. */
export interface FileListEntry {
  /** Relative to the sandbox root, ready to pass to the other tools. */
  path: string;
  type: 'file' | 'directory' | 'symlink' | 'other';
  /** Bytes, for files. */
  size?: number;
  /** For links: where the link leads, relative to the root, or why it is not followed. */
  target?: string;
}

/** What `fs_list` returns. */
export interface FileListResult {
  path: string;
  entries: FileListEntry[];
  /** More entries exist than were listed. */
  truncated: boolean;
}

const defaultMaxEntries = 200;
const mostEntries = 2_000;

interface ListArgs {
  path?: string;
  recursive?: boolean;
  maxEntries?: number;
}

async function linkTarget(paths: SandboxPaths, full: string): Promise<string> {
  const real = await realpath(full).catch(() => undefined);
  if (real === undefined) return '(missing: the link leads nowhere)';
  return paths.contains(real) ? paths.shown(real) : '(outside the sandbox: not followed)';
}

async function describeEntry(paths: SandboxPaths, full: string, item: Dirent): Promise<FileListEntry> {
  const path = paths.shown(full);
  if (item.isDirectory()) return { path, type: 'directory' };
  if (item.isSymbolicLink()) return { path, type: 'symlink', target: await linkTarget(paths, full) };
  if (!item.isFile()) return { path, type: 'other' };
  const size = await lstat(full).then(
    (info) => info.size,
    () => undefined,
  );
  return size === undefined ? { path, type: 'file' } : { path, type: 'file', size };
}

/**
 * `fs_list`: the entries of a folder inside the sandbox, or of its whole tree with `recursive` (breadth
 * first, so a cut list still shows the top levels). Links are shown, never descended into.
 */
export function fsListTool(paths: SandboxPaths, timeout: number): AgentTool {
  return sandboxTool<ListArgs>({
    name: 'fs_list',
    description:
      'List the files and folders of a folder in the sandbox, with their type and size in bytes. Paths are relative to the sandbox root; the result paths can be passed to the other fs_ tools. Set recursive to list the whole tree below the folder (breadth first, up to maxEntries entries; symbolic links are shown but not followed).',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The folder to list, relative to the sandbox root. Default ".", the root.' },
        recursive: { type: 'boolean', description: 'List the sub-folders too. Default false.' },
        maxEntries: {
          type: 'integer',
          minimum: 1,
          maximum: mostEntries,
          description: `The most entries to return. Default ${defaultMaxEntries}.`,
        },
      },
      additionalProperties: false,
    },
    isConcurrencySafe: true,
    timeout,
    async run({ path = '.', recursive = false, maxEntries = defaultMaxEntries }): Promise<FileListResult> {
      const folder = await paths.folder('fs_list', path);
      const entries: FileListEntry[] = [];
      const queue = [folder.real];
      let truncated = false;
      while (queue.length > 0 && !truncated) {
        const current = queue.shift()!;
        // A sub-folder that cannot be read (no permission, removed meanwhile) is left out rather than failing the listing.
        const items = await readdir(current, { withFileTypes: true }).catch(() => []);
        items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const item of items) {
          if (entries.length >= maxEntries) {
            truncated = true;
            break;
          }
          const full = join(current, item.name);
          entries.push(await describeEntry(paths, full, item));
          if (recursive && item.isDirectory()) queue.push(full);
        }
      }
      return { path: folder.shown, entries, truncated };
    },
  });
}
