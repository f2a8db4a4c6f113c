import { KitDbError } from '../../errors/kit-db-error.js';
import type { DatabaseProvider } from '../types.js';

/** A `connection_failed` error naming the provider, where it tried, the reason and the fix. */
export function connectionFailed(provider: DatabaseProvider, where: string, reason: string, fix: string, cause?: unknown): KitDbError {
  return new KitDbError('connection_failed', `Cannot connect to ${provider} at ${where}: ${reason}; ${fix}`, { provider, cause });
}

/** `host:port/database` of a server URL, without user or password, for messages. */
export function serverWhere(url: string, defaultPort: number): string {
  try {
    const parsed = new URL(url);
    const database = parsed.pathname.replace(/^\//, '');
    return `${parsed.hostname || 'localhost'}:${parsed.port || defaultPort}${database ? `/${database}` : ''}`;
  } catch {
    return '(an unparsable URL)';
  }
}

/** The reason of a network error in a few words: the code and what it means. */
export function networkReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (ECONNREFUSED)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found (${String(code)})`;
    case 'ETIMEDOUT':
      return 'timed out (ETIMEDOUT)';
    case 'ECONNRESET':
      return 'connection reset (ECONNRESET)';
    default:
      return message.length > 200 ? `${message.slice(0, 200)}…` : message;
  }
}

/**
 * Rejects with `connection_failed` when `attempt` has not settled within `ms`: a guarantee against
 * drivers whose own timeouts miss a case (a host that drops packets), so creating a database never hangs.
 */
export async function withDeadline<T>(attempt: Promise<T>, ms: number, onTimeout: () => KitDbError): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
