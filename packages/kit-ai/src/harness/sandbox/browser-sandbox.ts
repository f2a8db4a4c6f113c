import { checkPositiveNumber, configError, describeValue } from '../../tasks/task-options.js';
import type { AgentTool } from '../../tools/types.js';
import type { ArtifactRecord, NewArtifact } from '../types.js';
import { browserClickTool } from './browser-click-tool.js';
import { browserOpenTool } from './browser-open-tool.js';
import { browserScreenshotTool } from './browser-screenshot-tool.js';
import { actionTimeoutMs, BrowserSession } from './browser-session.js';
import { browserTextTool } from './browser-text-tool.js';
import { browserTypeTool } from './browser-type-tool.js';
import { findChromium } from './find-chromium.js';
import { loadChromium } from './load-playwright.js';
import { OriginPolicy } from './origin-policy.js';

/** Options of `createBrowserSandbox`. */
export interface BrowserSandboxOptions {
  /**
   * The origins the browser may reach, such as `http://127.0.0.1:4000` or `https://app.example.com`:
   * scheme, host and port, without a path. At least one; every request to any other origin is blocked.
   */
  allowedOrigins: string[];
  /** Saves a screenshot as an artifact of the run; the harness passes it. Without it `browser_screenshot` fails, saying so. */
  saveArtifact?: (artifact: NewArtifact) => Promise<ArtifactRecord>;
  /** How long a page may take to load. Default 15000. */
  navigationTimeoutMs?: number;
  /** Characters `browser_text` returns at most. Default 20000. */
  maxTextChars?: number;
  /**
   * The Chromium to run. Default: `KIT_CHROMIUM`, else `CHROMIUM_PATH`, else `/usr/bin/chromium` or
   * `/usr/bin/chromium-browser` (Debian's and Ubuntu's `chromium` package). No browser is ever downloaded.
   */
  executablePath?: string;
}

/** What `createBrowserSandbox` returns. */
export interface BrowserSandbox {
  /** `browser_open`, `browser_click`, `browser_type`, `browser_text` and `browser_screenshot`. */
  readonly tools: AgentTool[];
  /** Stops the browser, if it started; the tools fail afterwards. Safe to call more than once. */
  close(): Promise<void>;
}

const factory = 'createBrowserSandbox';
const defaultNavigationTimeoutMs = 15_000;
const defaultMaxTextChars = 20_000;

function checkOptions(options: unknown): OriginPolicy {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw configError(factory, `options must be an object, got ${describeValue(options)}.`);
  }
  const { allowedOrigins, saveArtifact, navigationTimeoutMs, maxTextChars, executablePath } = options as Record<string, unknown>;
  if (saveArtifact !== undefined && typeof saveArtifact !== 'function') {
    throw configError(factory, `saveArtifact must be a function, got ${describeValue(saveArtifact)}.`);
  }
  checkPositiveNumber(factory, 'navigationTimeoutMs', navigationTimeoutMs, 'milliseconds');
  if (maxTextChars !== undefined && (!Number.isInteger(maxTextChars) || (maxTextChars as number) <= 0)) {
    throw configError(factory, `maxTextChars must be a whole number above 0, got ${describeValue(maxTextChars)}.`);
  }
  if (executablePath !== undefined && (typeof executablePath !== 'string' || executablePath === '')) {
    throw configError(factory, `executablePath must be the path of Chromium, got ${describeValue(executablePath)}.`);
  }
  return OriginPolicy.fromOptions(factory, allowedOrigins);
}

/**
 * Browser tools for an agent, confined to the origins it may visit: `browser_open`, `browser_click`,
 * `browser_type`, `browser_text` and `browser_screenshot`. The harness makes one per run execution and
 * closes it when the execution ends; any code can use one with `createSmartAgent`, and must then call
 * `close`.
 *
 * It drives the system's Chromium with `playwright-core`, an optional peer dependency loaded here (a
 * missing one is `KitAIError('invalid_config')` saying to install it), and never downloads a browser.
 * Chromium starts on the first `browser_open`, with an in-memory profile.
 *
 * The origin policy holds at three points. `browser_open` refuses, before navigating, any URL that is not
 * http or https on an allowed origin (`file:`, `data:`, `javascript:` included), with
 * `KitAIError('sandbox_refused')`. Every request of the pages (navigations, subresources, `fetch` and
 * XHR, popups) to another origin is aborted by the context's routing. And all the browser's traffic goes
 * through a loopback proxy that forwards only to the allowed origins, which stops what routing cannot see:
 * the hops of a redirect chain, service workers, the browser's own background requests. A navigation that
 * a redirect or a click would take to another origin ends in a `sandbox_refused` error the model sees;
 * the blocked requests of a page are listed in the tools' results.
 *
 * Screenshots are saved with `saveArtifact` as `image/png` artifacts of the run.
 *
 * The origin policy confines the pages, not the machine: Chromium runs as the worker's user without its
 * own process sandbox (Playwright's default). This is not operating-system isolation; for that, run the
 * worker in a container or a virtual machine.
 *
 * Bad options (an empty or malformed `allowedOrigins`, a Chromium that is not there) throw
 * `KitAIError('invalid_config')`.
 *
 * @example
 * ```ts
 * import { createBrowserSandbox, createSmartAgent, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * // The app under test runs on port 4000; the agent's browser can reach nothing else.
 * const browser = await createBrowserSandbox({ allowedOrigins: ['http://127.0.0.1:4000'] });
 * try {
 *   const agent = createSmartAgent({ llm, tools: browser.tools });
 *   const result = await agent.run('Sign in at http://127.0.0.1:4000/login as demo@example.com and report the greeting.');
 *   console.log(result.status);
 * } finally {
 *   await browser.close();
 * }
 * ```
 */
export async function createBrowserSandbox(options: BrowserSandboxOptions): Promise<BrowserSandbox> {
  const policy = checkOptions(options);
  const chromium = await loadChromium(factory);
  const executablePath = await findChromium(factory, options.executablePath);
  const navigationTimeoutMs = options.navigationTimeoutMs ?? defaultNavigationTimeoutMs;
  const session = new BrowserSession({ chromium, executablePath, policy, navigationTimeoutMs });
  // An action waits for its element, then for the page it opens to load.
  const pageToolTimeoutMs = actionTimeoutMs + navigationTimeoutMs + 5_000;
  return {
    tools: [
      browserOpenTool(session, policy, navigationTimeoutMs),
      browserClickTool(session, pageToolTimeoutMs),
      browserTypeTool(session, pageToolTimeoutMs),
      browserTextTool(session, options.maxTextChars ?? defaultMaxTextChars, pageToolTimeoutMs),
      browserScreenshotTool(session, options.saveArtifact, navigationTimeoutMs, pageToolTimeoutMs),
    ],
    close: () => session.close(),
  };
}
