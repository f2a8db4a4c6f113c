import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { embeddedContentDirectory, loadContent } from '../../src/content/index.js';
import { createDocsService } from '../../src/service/create-docs-service.js';

/** Debian's Chromium, installed with apt; no browser is ever downloaded. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where screenshots are kept as test artefacts (ignored by git). */
export const screenshotDirectory = resolve(import.meta.dirname, '../../../../test-results/screenshots');

/**
 * Whether the browser tests can run. Without Chromium they are skipped locally, with a loud message,
 * but in CI a missing browser is a failure: the tests then run and fail on the launch.
 */
export function browserAvailable(): boolean {
  if (existsSync(chromiumPath)) return true;
  const message = `\n*** Browser tests: no Chromium at ${chromiumPath}. Install it with \`apt-get install chromium\` (or set CHROMIUM_PATH). ***\n`;
  if (process.env.CI) {
    console.error(`${message}*** CI is set: the browser tests fail instead of being skipped. ***\n`);
    return true;
  }
  console.warn(`${message}*** Skipping the browser tests on this machine. ***\n`);
  return false;
}

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

/** A browser with a fresh profile of its own, removed again on close. */
export interface TestBrowser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Starts Chromium headless with a new profile directory, without GPU, QUIC, first-run screens or
 * any background traffic, so that runs are repeatable and stay on this machine.
 */
export async function launchBrowser(options: BrowserContextOptions = {}): Promise<TestBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'kit-docs-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Makes sure the screenshot directory exists and returns the path of `name`. */
export async function screenshotPath(name: string): Promise<string> {
  await mkdir(screenshotDirectory, { recursive: true });
  return join(screenshotDirectory, name);
}
