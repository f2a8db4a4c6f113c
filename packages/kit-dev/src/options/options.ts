import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { KitDevError } from '../errors/kit-dev-error.js';

/** How kit-dev reports what it does: one line per call, with its level. */
export type DevLogger = (level: 'info' | 'warn' | 'error', message: string) => void;

/** Options shared by the dev server, the build and the production server. */
export interface AppLayoutOptions {
  /** The app's folder. Default: `process.cwd()`. */
  readonly root?: string;
  /** The route folder, relative to `root` (or absolute). Default `app/routes`. */
  readonly routesDir?: string;
  /** Static files served as they are, relative to `root` (or absolute). Default `public`. */
  readonly publicDir?: string;
}

/** Options of the servers (`createDevServer`, `startApp`). */
export interface ServeOptions {
  /** Port to listen on; 0 picks a free one. Default 3000. */
  readonly port?: number;
  /** Address to bind. Default `127.0.0.1`. */
  readonly host?: string;
  /** Serve the app's API routes as MCP tools at `/mcp` (streamable HTTP). Default true. */
  readonly mcp?: boolean;
  /**
   * Serve the app's API routes as A2A skills at `/a2a` (JSON-RPC, A2A 1.0 and 0.3, with streaming),
   * with the agent card at `/.well-known/agent.json` and `/.well-known/agent-card.json`. Default true.
   */
  readonly a2a?: boolean;
  /** Where progress and problems go. Default: `console` (info to standard output, the rest to standard error); `false` for silence. */
  readonly log?: DevLogger | false;
}

/** Options of the bundling steps (`createDevServer`, `buildApp`). */
export interface BundleOptions {
  /**
   * Extra `package.json` export conditions for the browser bundle, tried before `browser`, `import` and
   * `default`: a monorepo that links its packages' sources under a condition of its own names it here.
   * Default none.
   */
  readonly conditions?: readonly string[];
}

/** The resolved folders of an app. */
export interface AppLayout {
  readonly root: string;
  readonly routesDir: string;
  readonly publicDir: string;
  readonly configFile: string;
}

/** Resolved serving options. */
export interface ResolvedServe {
  readonly port: number;
  readonly host: string;
  readonly mcp: boolean;
  readonly a2a: boolean;
  readonly log: DevLogger;
}

const silent: DevLogger = () => {};

/** Writes info lines to standard output and the rest to standard error, each prefixed with `kit`. */
export const consoleLogger: DevLogger = (level, message) => {
  (level === 'info' ? process.stdout : process.stderr).write(`kit: ${message}\n`);
};

function invalid(component: string, message: string): KitDevError {
  return new KitDevError('invalid_option', `${component}: ${message}`);
}

function folderOption(component: string, name: string, value: unknown, fallback: string, base: string): string {
  if (value === undefined) return resolve(base, fallback);
  if (typeof value !== 'string' || value === '') throw invalid(component, `${name} must be a non-empty path, got ${JSON.stringify(value)}`);
  return isAbsolute(value) ? value : resolve(base, value);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The app's folders. `needRoutes`: the route folder must exist (the dev server and the build read it;
 * the production server reads its manifest instead).
 */
export function resolveLayout(component: string, options: AppLayoutOptions, needRoutes: boolean): AppLayout {
  const root = folderOption(component, 'root', options.root, '.', process.cwd());
  if (!isDirectory(root))
    throw invalid(component, `root ${JSON.stringify(root)} is not a folder; pass the folder of your app (the one holding app/routes)`);
  const routesDir = folderOption(component, 'routesDir', options.routesDir, 'app/routes', root);
  if (needRoutes && !isDirectory(routesDir)) {
    throw invalid(
      component,
      `there is no route folder at ${JSON.stringify(routesDir)}; create it (with an index.page.tsx, say) or pass routesDir`,
    );
  }
  const publicDir = folderOption(component, 'publicDir', options.publicDir, 'public', root);
  return { root, routesDir, publicDir, configFile: resolve(root, 'kit.config.ts') };
}

/** Port, host, MCP, A2A and logging, checked. */
export function resolveServe(component: string, options: ServeOptions): ResolvedServe {
  const { port = 3000, host = '127.0.0.1', mcp = true, a2a = true, log } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw invalid(component, `port must be an integer from 0 to 65535 (0 picks a free one), got ${JSON.stringify(port)}`);
  if (typeof host !== 'string' || host === '')
    throw invalid(component, `host must be an address such as "127.0.0.1" or "0.0.0.0", got ${JSON.stringify(host)}`);
  if (typeof mcp !== 'boolean') throw invalid(component, `mcp must be true or false, got ${JSON.stringify(mcp)}`);
  if (typeof a2a !== 'boolean')
    throw invalid(component, `a2a must be true or false (false leaves out /a2a and the agent card), got ${JSON.stringify(a2a)}`);
  if (log !== undefined && log !== false && typeof log !== 'function')
    throw invalid(component, 'log must be a function (level, message) or false');
  return { port, host, mcp, a2a, log: log === false ? silent : (log ?? consoleLogger) };
}

/** Extra export conditions, checked. */
export function resolveConditions(component: string, options: BundleOptions): readonly string[] {
  const { conditions = [] } = options;
  if (!Array.isArray(conditions) || !conditions.every((condition) => typeof condition === 'string' && condition !== '')) {
    throw invalid(component, `conditions must be a list of non-empty strings such as ["my-source"], got ${JSON.stringify(conditions)}`);
  }
  return conditions;
}

/** The URL people open for a server bound to `host`: a wildcard address is reached through loopback. */
export function urlFor(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
