import type { BrowserContext, BrowserType, Request } from 'playwright-core';
import type { OriginPolicy } from './origin-policy.js';
import { startOriginProxy } from './origin-proxy.js';

/** What `launchSandboxedBrowser` needs. */
export interface SandboxedBrowserSettings {
  chromium: BrowserType;
  executablePath: string;
  policy: OriginPolicy;
  navigationTimeoutMs: number;
  actionTimeoutMs: number;
  /** Called for each request of a page that the sandbox blocked. */
  onBlocked(request: Request): void;
}

/** A running sandboxed browser: one context, in memory, behind the origin proxy. */
export interface SandboxedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** How long Chromium may take to start. */
export const launchTimeoutMs = 30_000;

/**
 * Chromium's switches: headless, no GPU, and none of the background traffic (updates, sync, first-run
 * pages) a browser makes on its own; WebRTC may not send UDP around the proxy.
 */
const chromiumArgs = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * Starts Chromium for a browser sandbox, with two layers that keep every request on the allowed origins:
 *
 * - the context routes every request (`context.route('**\/*')`) and aborts those to other origins, so a
 *   page's navigations, subresources and `fetch` calls fail at once, and the model is told which;
 * - all the browser's traffic goes through the origin proxy, loopback included, which forwards only to the
 *   allowed origins. Playwright routes only the first request of a redirect chain, so a redirect to
 *   another origin passes the routing; the proxy refuses it, as it does requests of service workers,
 *   popups and the browser itself.
 *
 * The profile is in memory (Playwright's temporary one), service workers are blocked (they would escape
 * the routing) and downloads are refused.
 */
export async function launchSandboxedBrowser(settings: SandboxedBrowserSettings): Promise<SandboxedBrowser> {
  const { chromium, executablePath, policy, navigationTimeoutMs, actionTimeoutMs, onBlocked } = settings;
  const proxy = await startOriginProxy(policy);
  try {
    const browser = await chromium.launch({
      executablePath,
      headless: true,
      args: chromiumArgs,
      proxy: { server: proxy.server },
      timeout: launchTimeoutMs,
    });
    try {
      const context = await browser.newContext({
        serviceWorkers: 'block',
        acceptDownloads: false,
        viewport: { width: 1280, height: 800 },
      });
      context.setDefaultTimeout(actionTimeoutMs);
      context.setDefaultNavigationTimeout(navigationTimeoutMs);
      await context.route('**/*', async (route) => {
        const request = route.request();
        try {
          if (policy.allowsRequest(request.url())) await route.continue();
          else {
            onBlocked(request);
            await route.abort('blockedbyclient');
          }
        } catch {
          // The page or the browser closed while the request waited: nothing is left to route.
        }
      });
      // The hops of a redirect chain never reach the route handler; the proxy has blocked them, and this tells the model.
      context.on('request', (request) => {
        if (request.redirectedFrom() !== null && !policy.allowsRequest(request.url())) onBlocked(request);
      });
      return {
        context,
        close: async () => {
          await browser.close().catch(() => undefined);
          await proxy.close();
        },
      };
    } catch (error) {
      await browser.close().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    await proxy.close();
    throw error;
  }
}
