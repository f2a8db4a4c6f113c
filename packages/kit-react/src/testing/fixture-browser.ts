import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../../../../test-support/browser.js';
import { bundleTestApp } from './bundle-app.js';
import { fixtureModules, fixtureRoutes } from './fixture/routes.js';
import { startPageServer, type PageServer, type PageServerOptions } from './page-server.js';

const fixtureDir = fileURLToPath(new URL('./fixture/', import.meta.url));

/** How to serve the fixture app: the page server's options but its routes and bundle, plus files to serve. */
export interface FixtureBrowserOptions extends Omit<PageServerOptions, 'routes' | 'modules' | 'chunks' | 'staticDir' | 'clientEntry'> {
  /** Files written beside the client bundle, served under `/_kit/` (a stylesheet, say). */
  readonly files?: Readonly<Record<string, string>>;
  /** Console errors the browser reports about what the test does on purpose (a cut connection): not problems. */
  readonly expectedErrors?: RegExp;
  /** Options of the browser's context (`javaScriptEnabled: false` for a browser without scripts). */
  readonly browserOptions?: BrowserContextOptions;
}

/** The fixture app served on loopback and a page of Chromium to open it in. */
export interface FixtureBrowser {
  readonly server: PageServer;
  readonly browser: TestBrowser;
  readonly page: Page;
  /** The page's console errors and warnings and its uncaught exceptions, for tests to expect none. */
  readonly problems: string[];
  close(): Promise<void>;
}

/**
 * Bundles the fixture app in `fixture/` for the browser, serves it with `renderPage` (and `options.api`)
 * on 127.0.0.1, and opens a page in a fresh Chromium that collects what went wrong on it.
 */
export async function openFixtureBrowser(options: FixtureBrowserOptions = {}): Promise<FixtureBrowser> {
  const { files = {}, expectedErrors, browserOptions, ...serving } = options;
  const bundle = await bundleTestApp(fixtureDir, Object.keys(fixtureModules));
  let server: PageServer | undefined;
  let browser: TestBrowser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.close();
    await bundle.remove();
  };
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(join(bundle.dir, name), text);
    server = await startPageServer({
      ...serving,
      routes: fixtureRoutes,
      modules: fixtureModules,
      chunks: bundle.chunks,
      staticDir: bundle.dir,
      clientEntry: bundle.clientEntry,
    });
    browser = await launchBrowser(browserOptions);
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      const kind = message.type();
      if (kind === 'error' && expectedErrors?.test(message.text())) return;
      if (kind === 'error' || kind === 'warning') problems.push(`${kind}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    return { server, browser, page, problems, close };
  } catch (error) {
    await close();
    throw error;
  }
}
