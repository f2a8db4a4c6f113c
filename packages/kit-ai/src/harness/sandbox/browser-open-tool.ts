import type { AgentTool } from '../../tools/types.js';
import type { BrowserOpenResult } from './browser-results.js';
import { firstLine, type BrowserSession } from './browser-session.js';
import { launchTimeoutMs } from './launch-sandboxed-browser.js';
import type { OriginPolicy } from './origin-policy.js';
import { sandboxTool, toolFailure } from './sandbox-tool.js';

/** `browser_open`: navigates the page to a URL of an allowed origin, checked before the browser sees it. */
export function browserOpenTool(session: BrowserSession, policy: OriginPolicy, navigationTimeoutMs: number): AgentTool {
  return sandboxTool<{ url: string }>({
    name: 'browser_open',
    description: `Open a web page in the sandbox's browser and wait for it to load. Only http and https URLs of these origins can be opened: ${policy.describe()}; requests of the page to other origins are blocked. Returns the final URL, the title and the HTTP status; read the page with browser_text.`,
    parameters: {
      type: 'object',
      properties: {
        url: { type: 'string', minLength: 1, description: 'The absolute URL to open, such as "http://127.0.0.1:4000/login".' },
      },
      required: ['url'],
      additionalProperties: false,
    },
    isConcurrencySafe: false,
    // The first call starts the browser too.
    timeout: launchTimeoutMs + navigationTimeoutMs + 5_000,
    async run({ url }): Promise<BrowserOpenResult> {
      // Refused before the browser starts or sees the URL.
      const target = policy.checkNavigation('browser_open', url);
      session.beginCall('browser_open');
      const page = await session.openPage('browser_open');
      let status: number | null;
      try {
        const response = await page.goto(target.href, { waitUntil: 'load', timeout: navigationTimeoutMs });
        status = response?.status() ?? null;
      } catch (error) {
        // A navigation the sandbox blocked is a refusal; any other failure is the page's.
        await session.refuseForeign('browser_open', page);
        throw toolFailure('browser_open', `${target.href} did not load: ${firstLine(error)}`, error);
      }
      return { ...(await session.settle('browser_open')), status };
    },
  });
}
