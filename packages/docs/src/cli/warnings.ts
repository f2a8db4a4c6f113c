import { formatWarning, type Content } from '../content/index.js';
import type { Catalog } from '../library/catalog.js';

/** Warnings a command prints at start-up before pointing at `kit-docs check` for the rest. */
export const warningsShown = 10;

/**
 * Tells the person starting the service that the content loaded with warnings: a count, the first
 * few as `file:line: warning: message`, and the command that lists them all.
 */
export function reportWarnings(content: Content, directory: string, log: (line: string) => void): void {
  const { warnings } = content;
  if (warnings.length === 0) return;
  log(`kit docs: the content loaded with ${warnings.length} warning(s); it is served all the same`);
  for (const warning of warnings.slice(0, warningsShown)) log(formatWarning(warning));
  if (warnings.length > warningsShown)
    log(`… and ${warnings.length - warningsShown} more; kit-docs check --content ${directory} lists them all`);
}

/**
 * One line per library version other than the default that loaded with warnings: a service of many
 * libraries would otherwise bury the count of each under the first folder's list.
 */
export function reportLibraryWarnings(catalog: Catalog, log: (line: string) => void): void {
  for (const library of catalog.libraries)
    for (const version of library.versions) {
      if (version === catalog.defaultLibrary.latest) continue;
      const { warnings } = version.state.content;
      if (warnings.length > 0)
        log(
          `kit docs: ${library.id}@${version.version} loaded with ${warnings.length} warning(s); kit-docs check with the same --content and --libraries lists them`,
        );
    }
}
