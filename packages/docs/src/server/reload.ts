import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from 'pino';
import { ContentError, formatProblem } from '../content/index.js';
import { LibrarySettingsError } from '../library/sources.js';
import type { ContentStore } from '../service/state.js';
import type { LoadedCatalog } from './catalog-loader.js';
import type { DocsOpsRecorder } from './ops-recorder.js';

/** Reloads content into a store; concurrent calls share one reload, and one more runs after it if asked meanwhile. */
export interface ContentReloader {
  /** Loads and validates the content aside, then swaps it in; resolves to false when it was invalid. */
  reload(reason: string): Promise<boolean>;
}

/**
 * Reloads every library into the store: the settings file is read again and each folder (or git ref)
 * loaded, validated and indexed before the swap (`ContentStore.replace`), so requests see the old
 * libraries or the new, never a mix.
 * When it is invalid, the old content keeps serving, the store is marked degraded (so `/api/health`
 * says so) and each problem is logged as `file:line: message`. With `ops`, each reload is also recorded there as an event
 * and the content's health as a snapshot.
 */
export function createContentReloader(
  store: ContentStore,
  load: () => Promise<LoadedCatalog>,
  logger: Logger,
  ops?: DocsOpsRecorder,
  onLoaded?: (loaded: LoadedCatalog) => void,
): ContentReloader {
  let running: Promise<boolean> | undefined;
  let again = false;

  const once = async (reason: string): Promise<boolean> => {
    const started = performance.now();
    try {
      const loaded = await load();
      store.replace(loaded.catalog);
      onLoaded?.(loaded);
      const ms = Math.round(performance.now() - started);
      const documents = store.current.content.documents.length;
      const libraries = loaded.catalog.libraries.length;
      const versions = loaded.catalog.libraries.reduce((sum, library) => sum + library.versions.length, 0);
      logger.info({ reason, version: store.version, documents, libraries, versions, ms }, 'content reloaded');
      ops?.reloaded({ reason, version: store.version, documents, ms });
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
      } else if (error instanceof LibrarySettingsError) {
        for (const line of error.lines()) logger.error({ reason, problem: line }, `content reload failed: ${line}`);
        logger.error({ reason, version: store.version }, 'content reload failed; still serving the previous content');
      } else {
        logger.error({ reason, err: error, version: store.version }, 'content reload failed; still serving the previous content');
      }
      ops?.reloadFailed({
        reason,
        version: store.version,
        problems:
          error instanceof ContentError
            ? error.problems.map((problem) => formatProblem(problem))
            : error instanceof LibrarySettingsError
              ? error.lines()
              : [],
        ...(error instanceof ContentError || error instanceof LibrarySettingsError
          ? {}
          : { error: error instanceof Error ? error.message : String(error) }),
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

/** Watches a changing set of folders and files; `update` after each reload follows the settings. */
export interface ContentWatcher {
  update(paths: readonly string[]): void;
  close(): void;
}

/**
 * Watches the content folders (and the settings file) and reloads after changes settle: editors
 * write a file in several steps, so a reload waits until `quietMs` have passed without another change.
 */
export function watchContent(paths: readonly string[], reloader: ContentReloader, logger: Logger, quietMs = 150): ContentWatcher {
  let timer: NodeJS.Timeout | undefined;
  const watchers = new Map<string, FSWatcher>();
  const changed = (path: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => void reloader.reload(`changed ${path}`), quietMs);
  };
  const update = (next: readonly string[]) => {
    for (const [path, watcher] of watchers)
      if (!next.includes(path)) {
        watcher.close();
        watchers.delete(path);
      }
    for (const path of next) {
      if (watchers.has(path)) continue;
      try {
        // A watched file reports its own name; a folder the name of what changed inside it.
        const watcher = watch(path, { recursive: true }, (_event, file) =>
          changed(file && !path.endsWith(file) ? `${path}/${file}` : path),
        );
        watcher.on('error', (error) => logger.error({ err: error, path }, 'content watch failed; reload with SIGHUP'));
        watcher.unref();
        watchers.set(path, watcher);
      } catch (error) {
        logger.error({ err: error, path }, 'cannot watch; reload with SIGHUP');
      }
    }
  };
  update(paths);
  return {
    update,
    close() {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
