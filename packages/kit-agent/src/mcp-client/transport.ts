import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ResolvedMcpClientOptions } from './options.js';

/** Characters of a stdio server's standard error kept for error messages. */
export const stderrTailLength = 1_000;

/** A transport not yet started, and what its server last wrote to standard error (stdio with `capture` only). */
export interface PreparedTransport {
  readonly transport: Transport;
  stderrTail(): string;
}

/**
 * The SDK's client modules, loaded on the first connection rather than at import, as the server's
 * are: importing `@kit/kit-agent` should not cost every program the SDK's load time.
 */
export async function loadClientSdk() {
  const [client, stdio, http, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return { ...client, ...stdio, ...http, ...types };
}

/** A fresh transport for one connection attempt; each attempt of a stdio client starts a new process. */
export async function prepareTransport(target: ResolvedMcpClientOptions['target']): Promise<PreparedTransport> {
  const sdk = await loadClientSdk();
  if (target.kind === 'http') {
    const transport = new sdk.StreamableHTTPClientTransport(target.url, {
      requestInit: { headers: { ...target.headers } },
      // The client reconnects by itself (see connection.ts); the SDK's own retries of a dropped
      // event stream would make a server that is gone take longer to report.
      reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1_000, maxReconnectionDelay: 1_000, reconnectionDelayGrowFactor: 1 },
    });
    return { transport, stderrTail: () => '' };
  }
  const { stdio } = target;
  const mode = stdio.stderr ?? 'capture';
  const transport = new sdk.StdioClientTransport({
    command: stdio.command,
    args: [...(stdio.args ?? [])],
    ...(stdio.env ? { env: { ...stdio.env } } : {}),
    ...(stdio.cwd ? { cwd: stdio.cwd } : {}),
    stderr: mode === 'capture' ? 'pipe' : mode,
  });
  let tail = '';
  if (mode === 'capture') {
    transport.stderr?.on('data', (chunk: Buffer | string) => {
      tail = (tail + chunk.toString()).slice(-stderrTailLength);
    });
  }
  return { transport, stderrTail: () => tail.trim() };
}
