import { configError, describeValue } from '../../tasks/task-options.js';
import { sandboxRefusal } from './sandbox-tool.js';

const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** `host:port` of an http(s) URL, the port always written, as a CONNECT request names it. */
function hostPort(url: URL): string {
  return `${url.hostname}:${url.port || defaultPorts[url.protocol]}`;
}

/** Schemes a page may load without the network: the page's own data and blobs, the empty page. */
const localSchemes = new Set(['data:', 'blob:', 'about:']);

/**
 * The origins a browser sandbox may reach, normalized (`HTTP://LocalHost:80/` is `http://localhost`),
 * and the checks every layer of the sandbox makes with them: `browser_open` before navigating, the
 * context's routing on each request, and the filtering proxy on each connection.
 */
export class OriginPolicy {
  private readonly origins: ReadonlySet<string>;
  private readonly tunnels: ReadonlySet<string>;

  private constructor(origins: readonly URL[]) {
    this.origins = new Set(origins.map((url) => url.origin));
    this.tunnels = new Set(origins.map(hostPort));
  }

  /**
   * Checks and normalizes `allowedOrigins`: a non-empty list of http or https origins, without path,
   * query, fragment, credentials or wildcards; throws `KitAIError('invalid_config')` naming the bad entry.
   */
  static fromOptions(factory: string, allowedOrigins: unknown): OriginPolicy {
    if (!Array.isArray(allowedOrigins) || allowedOrigins.length === 0) {
      throw configError(
        factory,
        `allowedOrigins must be a non-empty list of origins such as "http://127.0.0.1:4000", got ${describeValue(allowedOrigins)}; a browser that may reach nothing is of no use.`,
      );
    }
    return new OriginPolicy(allowedOrigins.map((entry) => OriginPolicy.parseOrigin(factory, entry)));
  }

  private static parseOrigin(factory: string, entry: unknown): URL {
    const bad = (why: string): Error =>
      configError(
        factory,
        `allowedOrigins: ${describeValue(entry)} ${why}; give an origin such as "http://127.0.0.1:4000" or "https://app.example.com".`,
      );
    if (typeof entry !== 'string') throw bad('is not a string');
    if (entry.includes('*')) throw bad('has a wildcard, and wildcards are not supported');
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw bad('is not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad('is not an http or https origin');
    if (url.username !== '' || url.password !== '') throw bad('has credentials');
    // A path would suggest a restriction the sandbox does not make: it allows whole origins.
    if (url.pathname !== '/' || url.search !== '' || url.hash !== '')
      throw bad('has a path, query or fragment, but only whole origins can be allowed');
    return url;
  }

  /** The allowed origins, for messages. */
  describe(): string {
    return [...this.origins].join(', ');
  }

  /** Whether a request of the page to `url` may go out: an allowed http(s) origin, or a local scheme (data:, blob:, about:). */
  allowsRequest(url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (localSchemes.has(parsed.protocol)) return true;
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && this.origins.has(parsed.origin);
  }

  /** Whether a page at `url` is on an http(s) origin that is not allowed: where a redirect took it, past the routing. */
  isForeignPage(url: string): boolean {
    return /^https?:/i.test(url) && !this.allowsRequest(url);
  }

  /** Whether the proxy may open a tunnel (CONNECT: https, or WebSockets) to `host:port`. */
  allowsTunnel(target: string): boolean {
    return this.tunnels.has(target.toLowerCase());
  }

  /**
   * The URL `browser_open` may navigate to: an absolute http or https URL of an allowed origin. Anything
   * else is refused before the browser sees it, with `KitAIError('sandbox_refused')`.
   */
  checkNavigation(tool: string, input: string): URL {
    const allowed = `Only http and https pages of the allowed origins can be opened: ${this.describe()}.`;
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw sandboxRefusal(tool, `${JSON.stringify(input)} is not an absolute URL. ${allowed}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw sandboxRefusal(tool, `${url.protocol} URLs cannot be opened. ${allowed}`);
    }
    if (url.username !== '' || url.password !== '') throw sandboxRefusal(tool, `URLs with credentials cannot be opened. ${allowed}`);
    if (!this.origins.has(url.origin)) throw sandboxRefusal(tool, `${url.origin} is not an allowed origin. ${allowed}`);
    return url;
  }
}
