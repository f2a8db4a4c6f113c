import type { AgentTool } from '../../tools/types.js';
import type { ArtifactRecord, NewArtifact } from '../types.js';
import type { BrowserSession } from './browser-session.js';
import { sandboxTool, toolFailure } from './sandbox-tool.js';

/** `browser_screenshot`: a PNG of the page, saved as an artifact of the run; returns the artifact's record. */
export function browserScreenshotTool(
  session: BrowserSession,
  saveArtifact: ((artifact: NewArtifact) => Promise<ArtifactRecord>) | undefined,
  captureTimeoutMs: number,
  timeout: number,
): AgentTool {
  return sandboxTool<{ fullPage?: boolean }>({
    name: 'browser_screenshot',
    description:
      'Take a PNG screenshot of the open page (the visible part, or the whole page with fullPage) and save it as an artifact of the run, for people to look at. Returns the artifact record (id, name, size).',
    parameters: {
      type: 'object',
      properties: { fullPage: { type: 'boolean', description: 'Capture the whole scrollable page. Default false.' } },
      additionalProperties: false,
    },
    isConcurrencySafe: false,
    timeout,
    async run({ fullPage = false }): Promise<ArtifactRecord> {
      if (!saveArtifact) {
        throw toolFailure(
          'browser_screenshot',
          'screenshots are saved as artifacts of a harness run, and this browser sandbox was made without saveArtifact (outside a harness); read the page with browser_text instead.',
        );
      }
      session.beginCall('browser_screenshot');
      const page = session.page('browser_screenshot');
      // A long page takes a while to capture whole: it gets the navigation's time, not an action's.
      const png = await page.screenshot({ type: 'png', fullPage, timeout: captureTimeoutMs });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      return saveArtifact({
        name: `screenshot-${stamp}.png`,
        contentType: 'image/png',
        data: new Uint8Array(png.buffer, png.byteOffset, png.byteLength),
      });
    },
  });
}
