import { stat } from 'node:fs/promises';
import { basename, relative, sep } from 'node:path';

/** One change the watcher saw. */
export interface FileChange {
  readonly path: string;
  readonly kind: 'add' | 'change' | 'unlink';
}

/** A running watcher. */
export interface FileWatcher {
  close(): Promise<void>;
}

/** How long after a change a file is looked at again: past chokidar's 50 ms window for repeated changes. */
const recheckMs = 75;

/** Folders never watched: packages, build output, version control, hidden folders. */
export function isIgnoredPath(root: string, path: string): boolean {
  const inside = relative(root, path);
  if (inside === '') return false;
  return inside.split(sep).some((part) => part === 'node_modules' || part.startsWith('.'));
}

/**
 * Watches the app's folder with chokidar (loaded lazily) and reports changes in batches: every change
 * within `debounceMs` of the previous one joins the same batch, so saving ten files rebuilds once.
 * Resolves once the initial scan is done, so no change made after it is missed.
 */
export async function watchFiles(
  root: string,
  debounceMs: number,
  onBatch: (changes: readonly FileChange[]) => void,
): Promise<FileWatcher> {
  const { watch } = await import('chokidar');
  const watcher = watch(root, {
    ignored: (path) => isIgnoredPath(root, path) || basename(path).endsWith('~'),
    ignoreInitial: true,
    followSymlinks: false,
    persistent: true,
  });
  let batch: FileChange[] = [];
  let timer: NodeJS.Timeout | undefined;
  const push = (kind: FileChange['kind']) => (path: string) => {
    batch.push({ path, kind });
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changes = batch;
      batch = [];
      onBatch(changes);
    }, debounceMs);
  };
  // chokidar drops a second change of a file within 50 ms of the first; a file that changed again by
  // the time that window is over is reported once more, so a quick second save is never lost.
  const recheck = (path: string) => {
    void stat(path)
      .then((first) => {
        const timer = setTimeout(() => {
          void stat(path)
            .then((later) => {
              if (!closed && (later.mtimeMs !== first.mtimeMs || later.size !== first.size)) onChange(path);
            })
            .catch(() => {});
        }, recheckMs);
        timer.unref();
      })
      .catch(() => {});
  };
  const onChange = (path: string) => {
    push('change')(path);
    recheck(path);
  };
  let closed = false;
  watcher.on('add', push('add')).on('change', onChange).on('unlink', push('unlink'));
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', () => resolve());
    watcher.once('error', reject);
  });
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
