import { setTimeout as sleep } from 'node:timers/promises';
import { KitAIError } from '@kit/kit-ai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { connectError, describeRequest, failureKind, requestError } from './errors.js';
import type { ResolvedMcpClientOptions } from './options.js';
import { loadClientSdk, prepareTransport } from './transport.js';
import type { McpServerInfo } from './types.js';

/** The wait before attempt `attempt` (2, 3, ...): `initialDelayMs` doubled each time, at most `maxDelayMs`. */
export function reconnectDelay(attempt: number, initialDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, initialDelayMs * 2 ** Math.max(0, attempt - 2));
}

/**
 * One logical connection to an MCP server over the SDK's `Client`, remade when it drops. A call that
 * finds it down reconnects first, with up to `attempts` tries `reconnectDelay` apart; a connection
 * that drops during a call fails that call (it may have had effects, so it is not repeated) and is
 * remade by the next one. Every request is bounded by `timeoutMs`, every connection attempt by
 * `connectTimeoutMs`, so a server that is gone or silent gives an error, never a hang.
 */
export class McpConnection {
  readonly #options: ResolvedMcpClientOptions;
  #client: Client | undefined;
  #connecting: Promise<Client> | undefined;
  #closed = false;
  #stderrTail: () => string = () => '';
  #server: McpServerInfo = { name: '', version: '' };

  constructor(options: ResolvedMcpClientOptions) {
    this.#options = options;
  }

  /** What the server announced at the last successful connection. */
  get server(): McpServerInfo {
    return this.#server;
  }

  /** The connected SDK client, connecting (or reconnecting) first when needed. */
  ready(): Promise<Client> {
    if (this.#closed) return Promise.reject(this.#closedError());
    if (this.#client) return Promise.resolve(this.#client);
    // Calls made while a connection is being made share it, so one drop costs one reconnection.
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  /**
   * Runs one request on the connected client with the request timeout. A failure becomes a
   * `KitAIError`; when the connection is unusable it is dropped, so the next call remakes it.
   */
  async request<T>(method: string, subject: string | undefined, run: (client: Client, options: RequestOptions) => Promise<T>): Promise<T> {
    const client = await this.ready();
    try {
      return await run(client, { timeout: this.#options.timeoutMs });
    } catch (error) {
      const tail = this.#stderrTail();
      if (failureKind(error) === 'connection') this.#drop(client);
      if (this.#closed) throw this.#closedError();
      throw requestError(error, {
        label: this.#options.label,
        request: describeRequest(method, subject),
        timeoutMs: this.#options.timeoutMs,
        stderrTail: tail,
      });
    }
  }

  /** Ends the connection for good; a stdio server's process is stopped (end of input, then signals). */
  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = undefined;
    await this.#connecting?.catch(() => undefined);
    await client?.close();
  }

  async #connect(): Promise<Client> {
    const { attempts, initialDelayMs, maxDelayMs } = this.#options;
    let lastError: unknown;
    let lastTail = '';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (attempt > 1) await sleep(reconnectDelay(attempt, initialDelayMs, maxDelayMs));
      if (this.#closed) throw this.#closedError();
      try {
        return await this.#connectOnce();
      } catch (error) {
        lastError = error;
        lastTail = this.#stderrTail();
        // A server that took the whole connect timeout without answering would most likely do so
        // again; retrying would multiply the wait before the caller hears of it.
        if (failureKind(error) === 'timeout') return this.#fail(error, attempt, lastTail);
      }
    }
    return this.#fail(lastError, attempts, lastTail);
  }

  #fail(error: unknown, attempts: number, stderrTail: string): never {
    if (this.#closed) throw this.#closedError();
    const { label, connectTimeoutMs, target } = this.#options;
    const shown = target.kind === 'http' ? target.url.href : [target.stdio.command, ...(target.stdio.args ?? [])].join(' ');
    throw connectError(error, {
      label,
      attempts,
      connectTimeoutMs,
      stderrTail,
      target:
        target.kind === 'http'
          ? `the server at ${shown}`
          : `the server started with "${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}"`,
    });
  }

  async #connectOnce(): Promise<Client> {
    const sdk = await loadClientSdk();
    const prepared = await prepareTransport(this.#options.target);
    this.#stderrTail = prepared.stderrTail;
    const client = new sdk.Client({ ...this.#options.clientInfo }, { capabilities: {} });
    client.onclose = () => {
      if (this.#client === client) this.#client = undefined;
    };
    // The SDK reports transport errors here as well as to the failing request; without a handler
    // they would be printed, and the request's own error already says what happened.
    client.onerror = () => undefined;
    try {
      await client.connect(prepared.transport, { timeout: this.#options.connectTimeoutMs });
    } catch (error) {
      // Not awaited: stopping a stdio server that ignores the end of its input takes the SDK up to
      // four seconds of grace periods, and the caller should hear of the failure at once.
      void client.close().catch(() => undefined);
      throw error;
    }
    if (this.#closed) {
      await client.close();
      throw this.#closedError();
    }
    const version = client.getServerVersion();
    const instructions = client.getInstructions();
    this.#server = { name: version?.name ?? '', version: version?.version ?? '', ...(instructions ? { instructions } : {}) };
    this.#client = client;
    return client;
  }

  #drop(client: Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    void client.close().catch(() => undefined);
  }

  #closedError(): KitAIError {
    return new KitAIError(
      'mcp_connection_failed',
      `${this.#options.label}: the client is closed; create another with createMcpClient to reach the server again.`,
    );
  }
}
