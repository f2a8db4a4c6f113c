import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { embeddedContentDirectory, loadContent } from '../../src/content/index.js';
import { assembleCatalog, embeddedCorpusVersion } from '../../src/library/catalog.js';
import { createDocsService } from '../../src/service/create-docs-service.js';

export { browserAvailable, chromiumPath, launchBrowser, severeAxeViolations, type TestBrowser } from '../../../../test-support/browser.js';

/** Where screenshots are kept as test artefacts (ignored by git). */
export const screenshotDirectory = resolve(import.meta.dirname, '../../../../test-results/screenshots');

/** A running service on an ephemeral port. */
export interface RunningSite {
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves the shipped documentation on a free loopback port. */
export async function startSite(): Promise<RunningSite> {
  const service = createDocsService(await loadContent(embeddedContentDirectory));
  const server = await service.app.listen({ port: 0, host: '127.0.0.1' });
  return { origin: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}

/**
 * Serves several libraries on a free loopback port: the shipped documentation as the default library
 * `kit`, and the VitePress and Docusaurus test folders as `lumen` (versions 2.0.0 and 1.0.0, the same
 * folder) and `quill`.
 */
export async function startLibrariesSite(): Promise<RunningSite> {
  const fixture = (name: string) => resolve(import.meta.dirname, '../fixtures', name);
  const [kit, lumen, quill] = await Promise.all([
    loadContent(embeddedContentDirectory),
    loadContent(fixture('vitepress')),
    loadContent(fixture('docusaurus')),
  ]);
  const catalog = assembleCatalog(
    [
      { id: 'kit', versions: [{ version: embeddedCorpusVersion, content: kit, source: kit.directory }] },
      {
        id: 'lumen',
        title: 'Lumen',
        versions: [
          { version: '2.0.0', content: lumen, source: lumen.directory },
          { version: '1.0.0', content: lumen, source: lumen.directory },
        ],
      },
      { id: 'quill', title: 'Quill', versions: [{ version: '1.0.0', content: quill, source: quill.directory }] },
    ],
    'kit',
  );
  const service = createDocsService(catalog);
  const server = await service.app.listen({ port: 0, host: '127.0.0.1' });
  return { origin: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}

/** Makes sure the screenshot directory exists and returns the path of `name`. */
export async function screenshotPath(name: string): Promise<string> {
  await mkdir(screenshotDirectory, { recursive: true });
  return join(screenshotDirectory, name);
}
