import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from 'pino';
import { ContentError, formatProblem } from '../content/index.js';
import { loadContentWithSnapshot } from './content-snapshot.js';
import type { ContentStore } from '../service/state.js';
import type { DocsOpsRecorder } from './ops-recorder.js';

/** Reloads content into a store; concurrent calls share one reload, and one more runs after it if asked meanwhile. */
export interface ContentReloader {
  /** Loads and validates the content aside, then swaps it in; resolves to false when it was invalid. */
  reload(reason: string): Promise<boolean>;
}

/**
 * Reloads the content directory into the store. The new corpus is loaded, validated and indexed
 * before the swap (`ContentStore.replace`), so requests see the old content or the new, never a mix.
 * When it is invalid, the old content keeps serving, the store is marked degraded (so `/api/health`
 * says so) and each problem is logged as `file:line: message`. With `ops`, each reload is also recorded there as an event
 * and the content's health as a snapshot.
 */
export function createContentReloader(store: ContentStore, directory: string, logger: Logger, ops?: DocsOpsRecorder): ContentReloader {
  let running: Promise<boolean> | undefined;
  let again = false;

  const once = async (reason: string): Promise<boolean> => {
    const started = performance.now();
    try {
      const content = await loadContentWithSnapshot(directory);
      store.replace(content);
      const ms = Math.round(performance.now() - started);
      logger.info({ reason, version: store.version, documents: content.documents.length, ms }, 'content reloaded');
      ops?.reloaded({ reason, version: store.version, documents: content.documents.length, ms });
      return true;
    } catch (error) {
      store.markDegraded();
      if (error instanceof ContentError) {
        for (const problem of error.problems)
          logger.error({ reason, problem: formatProblem(problem) }, `content reload failed: ${formatProblem(problem)}`);
        logger.error(
          { reason, problems: error.problems.length, version: store.version },
          'content reload failed; still serving the previous content',
        );
      } else {
        logger.error({ reason, err: error, version: store.version }, 'content reload failed; still serving the previous content');
      }
      ops?.reloadFailed({
        reason,
        version: store.version,
        problems: error instanceof ContentError ? error.problems.map((problem) => formatProblem(problem)) : [],
        ...(error instanceof ContentError ? {} : { error: error instanceof Error ? error.message : String(error) }),
        ms: Math.round(performance.now() - started),
      });
      return false;
    }
  };

  const reload = (reason: string): Promise<boolean> => {
    if (running) {
      again = true;
      return running;
    }
    running = once(reason).finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void reload('changes during the previous reload');
      }
    });
    return running;
  };
  return { reload };
}

/**
 * Watches the content directory and reloads after changes settle: editors write a file in several
 * steps, so a reload waits until `quietMs` have passed without another change.
 */
export function watchContent(directory: string, reloader: ContentReloader, logger: Logger, quietMs = 150): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(directory, { recursive: true }, (_event, file) => {
    clearTimeout(timer);
    timer = setTimeout(() => void reloader.reload(`changed ${file ?? directory}`), quietMs);
  });
  watcher.on('error', (error) => logger.error({ err: error }, 'content watch failed; reload with SIGHUP'));
  watcher.unref();
  return watcher;
}
