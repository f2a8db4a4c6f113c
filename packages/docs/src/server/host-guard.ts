import type { IncomingMessage } from 'node:http';

/** Names under which a server bound to a loopback address is reached. */
export const loopbackNames = ['localhost', '127.0.0.1', '::1'] as const;

/** Whether `host` is a loopback address (or the name `localhost`). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * The host names `/mcp` and `/a2a` answer to, against DNS rebinding (a web page whose domain is made to resolve
 * to this server, then calls it from the victim's browser): configured names, plus the public base
 * url's host; loopback names when bound to loopback. Undefined (no check) when the server is bound to
 * a public address and no names are configured: it is then reachable under any name anyway.
 */
export function allowedHostNames(options: {
  readonly bindHost: string;
  readonly configured?: readonly string[];
  readonly publicBaseUrl?: string;
}): ReadonlySet<string> | undefined {
  const names = new Set<string>((options.configured ?? []).map((name) => name.trim().toLowerCase()).filter(Boolean));
  if (options.publicBaseUrl) names.add(new URL(options.publicBaseUrl).hostname.toLowerCase());
  if (isLoopback(options.bindHost) || names.size > 0) for (const name of loopbackNames) names.add(name);
  return names.size > 0 ? names : undefined;
}

/**
 * Why a request to an agent endpoint (`/mcp`, `/a2a`) is refused, or undefined when it may pass: its
 * `Host` must name an allowed host (any port), and its `Origin`, when a browser sends one, too.
 */
export function hostGuardRefusal(request: IncomingMessage, allowed: ReadonlySet<string> | undefined, path = '/mcp'): string | undefined {
  if (!allowed) return undefined;
  const host = hostName(request.headers.host);
  if (!host || !allowed.has(host))
    return `Host ${JSON.stringify((request.headers.host ?? '').slice(0, 100))} is not allowed to reach ${path}; add it with --allowed-hosts.`;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).hostname.toLowerCase().replace(/^\[|\]$/g, '');
    } catch {
      originHost = undefined;
    }
    if (!originHost || !allowed.has(originHost)) return `Origin ${JSON.stringify(origin.slice(0, 100))} is not allowed to reach ${path}.`;
  }
  return undefined;
}

/** The host name of a `Host` header, without port or IPv6 brackets, lower-cased. */
export function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? undefined : value.slice(1, end);
  }
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}
