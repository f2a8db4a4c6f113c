import type { AgentTool } from '../../tools/types.js';
import { countMatches } from './browser-click-tool.js';
import type { BrowserTextResult } from './browser-results.js';
import type { BrowserSession } from './browser-session.js';
import { sandboxTool } from './sandbox-tool.js';

/** `browser_text`: the visible text of the page, or of the elements a selector matches, capped. */
export function browserTextTool(session: BrowserSession, maxTextChars: number, timeout: number): AgentTool {
  return sandboxTool<{ selector?: string }>({
    name: 'browser_text',
    description: `Read the visible text of the open page, or only of the elements a CSS selector matches (such as "main" or ".error"). At most ${maxTextChars} characters are returned.`,
    parameters: {
      type: 'object',
      properties: { selector: { type: 'string', minLength: 1, description: 'A CSS selector; default: the whole page.' } },
      additionalProperties: false,
    },
    isConcurrencySafe: false,
    timeout,
    async run({ selector }): Promise<BrowserTextResult> {
      session.beginCall('browser_text');
      const page = session.page('browser_text');
      const target = page.locator(selector ?? 'body');
      if (selector !== undefined) await countMatches('browser_text', target, `the selector ${JSON.stringify(selector)}`);
      const text = (await target.allInnerTexts()).map((part) => part.trim()).join('\n\n');
      const truncated = text.length > maxTextChars;
      return { ...(await session.state(page)), text: truncated ? text.slice(0, maxTextChars) : text, truncated };
    },
  });
}
