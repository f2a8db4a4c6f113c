/**
 * Chromium for the tests: Debian's browser driven by playwright-core, with a fresh profile per launch and
 * no background traffic, plus the accessibility check (axe-core) every browser test uses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { noteMissingTool } from './missing-tools.js';

/** Debian's Chromium, installed with apt; no browser is ever downloaded. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
  noteMissingTool('chromium');
  return false;
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
  const profile = await mkdtemp(join(tmpdir(), 'kit-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
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

/** One axe-core finding, cut to what a failing assertion needs to show. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[] }[];
}

let axeSource: string | undefined;

/** Serious and critical axe-core findings on the page as it is now. */
export async function severeAxeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 3).map((node) => ({ target: node.target })),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
