import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { embeddedContentDirectory, loadContent } from '../../src/content/index.js';
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

/** Makes sure the screenshot directory exists and returns the path of `name`. */
export async function screenshotPath(name: string): Promise<string> {
  await mkdir(screenshotDirectory, { recursive: true });
  return join(screenshotDirectory, name);
}
