import type { BrowserContext, BrowserType, Page, Request } from 'playwright-core';
import type { PageState } from './browser-results.js';
import { errorText } from '../../llm/describe-value.js';
import { launchSandboxedBrowser, type SandboxedBrowser } from './launch-sandboxed-browser.js';
import type { OriginPolicy } from './origin-policy.js';
import { sandboxRefusal, toolFailure } from './sandbox-tool.js';

/** What a `BrowserSession` needs. */
export interface BrowserSessionSettings {
  chromium: BrowserType;
  executablePath: string;
  policy: OriginPolicy;
  navigationTimeoutMs: number;
}

/** How long an action (click, fill) waits for its element. */
export const actionTimeoutMs = 5_000;
const mostBlockedShown = 20;
const closedMessage = 'the browser sandbox is closed; the run execution that used it has ended.';
/** How long, after a click or a submit, a popup it opens has to appear before the result is reported. */
const popupGraceMs = 500;

/** The first line of a Playwright error: the rest is a call log written for people debugging Playwright. */
export function firstLine(error: unknown): string {
  return errorText(error).split('\n')[0]!.trim();
}

/**
 * The browser of one sandbox and the page its tools act on. Chromium starts on the first `openPage`
 * (a sandbox whose browser is never used costs nothing); the page is the last one opened (a popup a click
 * opened becomes the page). Each call starts with `beginCall`, which clears the record of blocked requests
 * that `settle` turns into the model's error or note.
 */
export class BrowserSession {
  private launching: Promise<SandboxedBrowser> | undefined;
  private context: BrowserContext | undefined;
  private current: Page | undefined;
  private blocked: string[] = [];
  private blockedNavigation: string | undefined;
  private closed = false;

  constructor(private readonly settings: BrowserSessionSettings) {}

  /** Clears the record of blocked requests, at the start of a call. */
  beginCall(tool: string): void {
    if (this.closed) throw toolFailure(tool, closedMessage);
    this.blocked = [];
    this.blockedNavigation = undefined;
  }

  /** The page to open a URL in, starting the browser when this is its first use. */
  async openPage(tool: string): Promise<Page> {
    const browser = await this.browser(tool);
    const page = this.livePage();
    if (page) return page;
    this.current = await browser.context.newPage();
    return this.current;
  }

  /** The page the tools act on; fails when none is open yet. */
  page(tool: string): Page {
    const page = this.livePage();
    if (!page) throw toolFailure(tool, 'no page is open; open one with browser_open first.');
    return page;
  }

  /**
   * Runs an action that may navigate or open a popup (a click, a submit), then settles: a popup that
   * appears within a short grace becomes the page whose state is reported.
   */
  async act(tool: string, action: () => Promise<void>): Promise<PageState> {
    const page = this.page(tool);
    const popup = page.waitForEvent('popup', { timeout: popupGraceMs }).catch(() => undefined);
    try {
      await action();
    } finally {
      await popup;
    }
    return this.settle(tool);
  }

  /** Ends a call that may have navigated: waits for the page (a popup, maybe) to load, then checks where it is. */
  async settle(tool: string): Promise<PageState> {
    const page = this.page(tool);
    await page.waitForLoadState('load', { timeout: this.settings.navigationTimeoutMs }).catch(() => undefined);
    await this.refuseForeign(tool, page);
    return this.state(page);
  }

  /**
   * Refuses the call when a navigation of a page was blocked during it, or the page stands on another
   * origin (where a redirect took it, to the proxy's refusal page); such a page is cleared to about:blank.
   */
  async refuseForeign(tool: string, page: Page): Promise<void> {
    const { policy } = this.settings;
    const foreign = policy.isForeignPage(page.url());
    if (!foreign && this.blockedNavigation === undefined) return;
    const where = this.blockedNavigation ?? page.url();
    if (foreign) await page.goto('about:blank').catch(() => undefined);
    throw sandboxRefusal(
      tool,
      `the page tried to go to ${where}, which is not on an allowed origin; the request was blocked and did not reach it${foreign ? ', and the page was cleared' : ''}. Only these origins can be visited: ${policy.describe()}.`,
    );
  }

  /** The page's address and title, with the requests blocked during the call. */
  async state(page: Page): Promise<PageState> {
    const title = await page.title().catch(() => '');
    return this.blocked.length === 0 ? { url: page.url(), title } : { url: page.url(), title, blockedRequests: [...this.blocked] };
  }

  /** Closes the browser (waiting for one still starting) and its proxy. Later calls fail; closing again does nothing. */
  async close(): Promise<void> {
    this.closed = true;
    const launching = this.launching;
    this.launching = undefined;
    const browser = await launching?.catch(() => undefined);
    await browser?.close();
  }

  private livePage(): Page | undefined {
    if (this.current && !this.current.isClosed()) return this.current;
    // The page closed itself (window.close()): go on with the newest one still open, if any.
    this.current = this.context?.pages().at(-1);
    return this.current;
  }

  private browser(tool: string): Promise<SandboxedBrowser> {
    if (this.closed) throw toolFailure(tool, closedMessage);
    this.launching ??= this.launch(tool);
    return this.launching;
  }

  private async launch(tool: string): Promise<SandboxedBrowser> {
    const { chromium, executablePath, policy, navigationTimeoutMs } = this.settings;
    try {
      const browser = await launchSandboxedBrowser({
        chromium,
        executablePath,
        policy,
        navigationTimeoutMs,
        actionTimeoutMs,
        onBlocked: (request) => this.noteBlocked(request),
      });
      this.context = browser.context;
      browser.context.on('page', (page) => {
        this.current = page;
      });
      return browser;
    } catch (error) {
      // The next call may try again (a browser that failed to start for lack of memory, say).
      this.launching = undefined;
      throw toolFailure(tool, `Chromium (${executablePath}) did not start: ${firstLine(error)}`, error);
    }
  }

  private noteBlocked(request: Request): void {
    const url = request.url();
    if (!this.blocked.includes(url) && this.blocked.length < mostBlockedShown) this.blocked.push(url);
    let mainFrame = false;
    try {
      mainFrame = request.isNavigationRequest() && request.frame() === request.frame().page().mainFrame();
    } catch {
      // A service worker's request has no frame; it is not a navigation of the page.
    }
    if (mainFrame) this.blockedNavigation ??= url;
  }
}
