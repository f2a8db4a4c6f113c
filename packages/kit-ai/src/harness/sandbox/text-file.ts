import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { toolFailure } from './sandbox-tool.js';

/** The start of a text file, as `readTextFile` read it. */
export interface TextFileContent {
  text: string;
  /** The file's size in bytes. */
  size: number;
  /** The file is larger than what was read; `text` then ends at the last whole line read. */
  truncated: boolean;
}

/**
 * Reads at most `maxBytes` of a regular file as UTF-8 text. `real` must be a checked real path; it is opened
 * with `O_NOFOLLOW`, so a link swapped in for it after the check is not followed. A file with a NUL byte in
 * the part read is taken as binary and refused, since the model could do nothing with it.
 */
export async function readTextFile(tool: string, real: string, shown: string, maxBytes: number): Promise<TextFileContent> {
  // Checked before opening: opening a FIFO would wait for a writer, and a folder cannot be read as text.
  const info = await stat(real);
  if (!info.isFile())
    throw toolFailure(tool, `${JSON.stringify(shown)} is ${info.isDirectory() ? 'a folder; list it with fs_list' : 'not a regular file'}.`);
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
  let data: Buffer;
  try {
    const buffer = Buffer.alloc(Math.min(info.size, maxBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    data = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (data.includes(0)) {
    throw toolFailure(tool, `${JSON.stringify(shown)} is a binary file (${info.size} bytes); only text files can be read.`);
  }
  const truncated = info.size > data.length;
  let text = data.toString('utf8');
  // A cut file ends at its last whole line, never in the middle of a line or of a character.
  if (truncated && text.includes('\n')) text = text.slice(0, text.lastIndexOf('\n') + 1);
  return { text, size: info.size, truncated };
}

/**
 * Writes `content` to `target` (created when missing, else replaced), opened with `O_NOFOLLOW` so that a
 * link put in the file's place after the path check is refused rather than written through.
 */
export async function writeTextFile(target: string, content: string): Promise<number> {
  const data = Buffer.from(content, 'utf8');
  const handle = await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o666);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
  return data.length;
}
