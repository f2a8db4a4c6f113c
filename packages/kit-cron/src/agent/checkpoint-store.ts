import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AgentCheckpoint } from '@kit/kit-ai';
import { errorMessage, KitCronError } from '../errors.js';

/**
 * Where an agent job keeps its checkpoint between runs and processes, one per key (the job's name).
 * Implement it over a database or an object store to share checkpoints between machines.
 */
export interface CheckpointStore {
  /** The saved checkpoint, or `undefined` when there is none. */
  load(key: string): Promise<AgentCheckpoint | undefined>;
  /** Replaces the saved checkpoint; after it resolves, a crash must not lose it. */
  save(key: string, checkpoint: AgentCheckpoint): Promise<void>;
  /** Removes the saved checkpoint; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}

/**
 * Checkpoints as JSON files in `dir` (created when missing), one per key: `<dir>/<key>.json` with the
 * key URI-encoded. Each save writes a temporary file beside it and renames it over the old one, so a
 * process killed mid-write leaves the previous checkpoint whole. An unreadable file is an error
 * (`checkpoint_store_failed`) naming it, never silently a fresh start.
 *
 * @example
 * ```ts
 * import { fileCheckpointStore } from '@kit/kit-cron';
 *
 * const checkpoints = fileCheckpointStore('/var/lib/my-app/checkpoints');
 * const saved = await checkpoints.load('weekly-triage');
 * console.log(saved?.stage ?? 'no checkpoint');
 * ```
 */
export function fileCheckpointStore(dir: string): CheckpointStore {
  if (typeof dir !== 'string' || dir.trim() === '') {
    throw new KitCronError('invalid_config', `fileCheckpointStore: dir must be a directory path, got ${JSON.stringify(dir)}.`);
  }
  const fileOf = (key: string): string => join(dir, `${encodeURIComponent(key)}.json`);
  const fail = (action: string, file: string, error: unknown, fix: string): never => {
    throw new KitCronError('checkpoint_store_failed', `fileCheckpointStore: could not ${action} ${file}: ${errorMessage(error)}; ${fix}`, {
      cause: error,
    });
  };

  return {
    async load(key) {
      const file = fileOf(key);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        return fail('read', file, error, 'check the directory permissions.');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        return fail('parse', file, error, 'delete the file to start the job over, or restore it from a backup.');
      }
      if (
        parsed === null ||
        typeof parsed !== 'object' ||
        typeof (parsed as { stage?: unknown }).stage !== 'string' ||
        !Array.isArray((parsed as { messages?: unknown }).messages)
      ) {
        return fail(
          'use',
          file,
          new Error('it is not an agent checkpoint (no stage or messages)'),
          'delete the file to start the job over.',
        );
      }
      return parsed as AgentCheckpoint;
    },
    async save(key, checkpoint) {
      const file = fileOf(key);
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(temporary, JSON.stringify(checkpoint), { flush: true });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        fail('write', file, error, 'check that the directory exists, is writable and has space.');
      }
    },
    async delete(key) {
      const file = fileOf(key);
      try {
        await rm(file, { force: true });
      } catch (error) {
        fail('delete', file, error, 'check the directory permissions.');
      }
    },
  };
}
