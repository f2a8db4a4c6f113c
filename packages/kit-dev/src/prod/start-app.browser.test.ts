import { afterAll, beforeAll, describe } from 'vitest';
import { browserAvailable, launchBrowser, type TestBrowser } from '../../../../test-support/browser.js';
import { fixtureBrowserChecks } from '../testing/browser-checks.js';
import { copyFixture, type FixtureCopy } from '../testing/fixture.js';
import { buildApp } from './build-app.js';
import { startApp, type StartedApp } from './start-app.js';

const run = browserAvailable();
let copy: FixtureCopy;
let server: StartedApp;
let browser: TestBrowser;

beforeAll(async () => {
  if (!run) return;
  copy = await copyFixture();
  const started = launchBrowser();
  await buildApp({ root: copy.root, conditions: ['kit-source'] });
  [server, browser] = await Promise.all([startApp({ root: copy.root, port: 0, log: false }), started]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await copy?.remove();
});

describe.runIf(run)('the production build in Chromium', () => {
  fixtureBrowserChecks(
    () => server.url,
    () => browser.context,
  );
});
