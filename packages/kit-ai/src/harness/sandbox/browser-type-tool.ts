import type { AgentTool } from '../../tools/types.js';
import { countMatches } from './browser-click-tool.js';
import type { PageState } from './browser-results.js';
import { actionTimeoutMs, firstLine, type BrowserSession } from './browser-session.js';
import { sandboxTool, toolFailure } from './sandbox-tool.js';

interface TypeArgs {
  selector: string;
  text: string;
  submit?: boolean;
}

/** `browser_type`: fills a field of the page, and may submit its form with Enter. */
export function browserTypeTool(session: BrowserSession, timeout: number): AgentTool {
  return sandboxTool<TypeArgs>({
    name: 'browser_type',
    description:
      'Type text into a field of the open page (an input, a textarea or an editable element), replacing what it held. Set submit to press Enter afterwards, which submits most forms; a page it opens is waited for.',
    parameters: {
      type: 'object',
      properties: {
        selector: { type: 'string', minLength: 1, description: 'A CSS selector of the field, such as "input[name=email]" or "#search".' },
        text: { type: 'string', description: 'The text to put in the field.' },
        submit: { type: 'boolean', description: 'Press Enter after typing. Default false.' },
      },
      required: ['selector', 'text'],
      additionalProperties: false,
    },
    isConcurrencySafe: false,
    timeout,
    async run({ selector, text, submit = false }): Promise<PageState> {
      session.beginCall('browser_type');
      const page = session.page('browser_type');
      const what = `the selector ${JSON.stringify(selector)}`;
      const field = page.locator(selector);
      await countMatches('browser_type', field, what);
      const type = async (): Promise<void> => {
        try {
          await field.first().fill(text, { timeout: actionTimeoutMs });
          if (submit) await field.first().press('Enter', { timeout: actionTimeoutMs });
        } catch (error) {
          throw toolFailure('browser_type', `could not type into ${what}: ${firstLine(error)}`, error);
        }
      };
      // Only a submit can open a page; plain typing is reported at once.
      if (submit) return session.act('browser_type', type);
      await type();
      return session.settle('browser_type');
    },
  });
}
