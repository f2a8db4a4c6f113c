import { basename } from 'node:path';
import { KitAIError } from '@kit/kit-ai';
import type { CreateMcpClientOptions, McpHttpTarget, McpStdioTarget } from './types.js';

/**
 * Defaults of `createMcpClient`'s settings: `timeoutMs` per request, `connectTimeoutMs` per
 * connection attempt, and the reconnection's `attempts`, `initialDelayMs` and `maxDelayMs`.
 *
 * @example
 * ```ts
 * import { createMcpClient, mcpClientDefaults } from '@kit/kit-agent';
 *
 * // A server known to be slow: twice the default patience per request.
 * const client = await createMcpClient({ url: 'http://127.0.0.1:3000/mcp', timeoutMs: mcpClientDefaults.timeoutMs * 2 });
 * await client.close();
 * ```
 */
export const mcpClientDefaults = {
  timeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  attempts: 3,
  initialDelayMs: 200,
  maxDelayMs: 2_000,
} as const;

/** The options of `createMcpClient` checked and completed with defaults. */
export interface ResolvedMcpClientOptions {
  /** `mcp-client "docs"`: how errors name this client. */
  readonly label: string;
  readonly target:
    | { readonly kind: 'stdio'; readonly stdio: McpStdioTarget }
    | { readonly kind: 'http'; readonly url: URL; readonly headers: Readonly<Record<string, string>> };
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly attempts: number;
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  readonly clientInfo: { readonly name: string; readonly version: string };
}

function invalid(message: string): KitAIError {
  return new KitAIError('invalid_config', `createMcpClient: ${message}`);
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function positive(value: number | undefined, field: string, fallback: number, unit: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw invalid(`${field} must be a positive number of ${unit}, got ${shown(value)}`);
  }
  return value;
}

function parseUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(`url must be an absolute http: or https: URL such as "http://127.0.0.1:3000/mcp", got ${shown(String(url))}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid(`url must use http: or https:, got ${shown(parsed.protocol)}; stdio servers take command (and args) instead`);
  }
  return parsed;
}

/**
 * Checks the options of `createMcpClient` and fills in the defaults. Exactly one transport must be
 * given: `command` (stdio) or `url` (streamable HTTP).
 */
export function resolveMcpClientOptions(options: CreateMcpClientOptions): ResolvedMcpClientOptions {
  if (typeof options !== 'object' || options === null)
    throw invalid(`options must be an object with command (stdio) or url (streamable HTTP), got ${shown(options)}`);
  const hasCommand = 'command' in options && options.command !== undefined;
  const hasUrl = 'url' in options && options.url !== undefined;
  if (hasCommand === hasUrl) {
    throw invalid(
      hasCommand
        ? 'give either command (stdio) or url (streamable HTTP), not both'
        : 'give command (and args) to start a stdio server, or url to reach a streamable-HTTP one',
    );
  }
  let target: ResolvedMcpClientOptions['target'];
  let defaultName: string;
  if (hasCommand) {
    const stdio = options as McpStdioTarget;
    if (typeof stdio.command !== 'string' || stdio.command.trim() === '')
      throw invalid(`command must be a non-empty program name or path, got ${shown(stdio.command)}`);
    if (stdio.args !== undefined && (!Array.isArray(stdio.args) || stdio.args.some((arg) => typeof arg !== 'string'))) {
      throw invalid(`args must be an array of strings, got ${shown(JSON.stringify(stdio.args))}`);
    }
    if (stdio.stderr !== undefined && !['capture', 'inherit', 'ignore'].includes(stdio.stderr)) {
      throw invalid(`stderr must be "capture", "inherit" or "ignore", got ${shown(stdio.stderr)}`);
    }
    target = { kind: 'stdio', stdio };
    defaultName = basename(stdio.command);
  } else {
    const http = options as McpHttpTarget;
    const url = parseUrl(http.url);
    target = { kind: 'http', url, headers: { ...http.headers } };
    defaultName = url.host;
  }
  if (options.name !== undefined && (typeof options.name !== 'string' || options.name === ''))
    throw invalid(`name must be a non-empty string, got ${shown(options.name)}`);
  const attempts = options.reconnect?.attempts ?? mcpClientDefaults.attempts;
  if (!Number.isInteger(attempts) || attempts < 1)
    throw invalid(`reconnect.attempts must be a whole number of at least 1, got ${shown(attempts)}`);
  return {
    label: `mcp-client "${options.name ?? defaultName}"`,
    target,
    timeoutMs: positive(options.timeoutMs, 'timeoutMs', mcpClientDefaults.timeoutMs, 'milliseconds'),
    connectTimeoutMs: positive(options.connectTimeoutMs, 'connectTimeoutMs', mcpClientDefaults.connectTimeoutMs, 'milliseconds'),
    attempts,
    initialDelayMs: positive(
      options.reconnect?.initialDelayMs,
      'reconnect.initialDelayMs',
      mcpClientDefaults.initialDelayMs,
      'milliseconds',
    ),
    maxDelayMs: positive(options.reconnect?.maxDelayMs, 'reconnect.maxDelayMs', mcpClientDefaults.maxDelayMs, 'milliseconds'),
    clientInfo: options.clientInfo ?? { name: 'kit-agent', version: '0.1.0' },
  };
}
