import type { Locator, Page } from 'playwright-core';
import { KitAIError } from '../../errors/kit-ai-error.js';
import type { AgentTool } from '../../tools/types.js';
import type { BrowserClickResult } from './browser-results.js';
import { actionTimeoutMs, firstLine, type BrowserSession } from './browser-session.js';
import { sandboxTool, toolFailure } from './sandbox-tool.js';

interface ClickArgs {
  selector?: string;
  text?: string;
}

/** Buttons and links named by the text first (their accessible name), then any element showing it. */
function byText(page: Page, text: string): Locator {
  return page
    .getByRole('button', { name: text })
    .or(page.getByRole('link', { name: text }))
    .or(page.getByText(text));
}

/** How many elements a locator finds; a malformed selector is the model's error to fix. */
export async function countMatches(tool: string, locator: Locator, what: string): Promise<number> {
  let count: number;
  try {
    count = await locator.count();
  } catch (error) {
    throw toolFailure(tool, `${what} is not a valid selector: ${firstLine(error)}`, error);
  }
  if (count === 0) throw toolFailure(tool, `nothing on the page matches ${what}; read the page with browser_text and try another.`);
  return count;
}

/** `browser_click`: clicks an element, found by CSS selector or by visible text, and waits for what the click loads. */
export function browserClickTool(session: BrowserSession, timeout: number): AgentTool {
  return sandboxTool<ClickArgs>({
    name: 'browser_click',
    description:
      'Click an element of the open page, given either a CSS selector (such as "#save" or "form button[type=submit]") or its visible text (a button or link label such as "Sign in"). When several match, the first is clicked. Waits for a page the click opens to load, and returns its URL and title.',
    parameters: {
      type: 'object',
      properties: {
        selector: { type: 'string', minLength: 1, description: 'A CSS selector of the element.' },
        text: { type: 'string', minLength: 1, description: 'The visible text of the element, instead of a selector.' },
      },
      additionalProperties: false,
    },
    isConcurrencySafe: false,
    timeout,
    async run({ selector, text }): Promise<BrowserClickResult> {
      if ((selector === undefined) === (text === undefined)) {
        throw new KitAIError('invalid_arguments', 'browser_click: give either selector or text, not both and not neither.');
      }
      session.beginCall('browser_click');
      const page = session.page('browser_click');
      const target = selector !== undefined ? page.locator(selector) : byText(page, text!);
      const what = selector !== undefined ? `the selector ${JSON.stringify(selector)}` : `the text ${JSON.stringify(text)}`;
      const matched = await countMatches('browser_click', target, what);
      const state = await session.act('browser_click', async () => {
        try {
          await target.first().click({ timeout: actionTimeoutMs });
        } catch (error) {
          throw toolFailure('browser_click', `could not click ${what}: ${firstLine(error)}`, error);
        }
      });
      return { ...state, matched };
    },
  });
}
