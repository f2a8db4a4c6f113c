/** Limits of the HTTP server; each bounds what one client can make the server hold or wait for. */
export interface ServerLimits {
  /** Longest time to answer a request once it has arrived; past it the client gets a 503. */
  readonly handlerTimeoutMs: number;
  /** Longest time for a client to send the whole request (slow-loris protection). */
  readonly requestTimeoutMs: number;
  /** Longest time for a client to send the request headers. */
  readonly headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  readonly keepAliveTimeoutMs: number;
  /** Largest request head (request line and headers) in bytes; larger gets 431. */
  readonly maxHeaderBytes: number;
  /** Largest declared request body; the API's own limit (64 KiB of JSON) is checked after this. */
  readonly maxBodyBytes: number;
  /** How long shutdown waits for requests in flight before closing their connections. */
  readonly shutdownGraceMs: number;
}

export const defaultLimits: ServerLimits = {
  handlerTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  maxBodyBytes: 1024 * 1024,
  shutdownGraceMs: 10_000,
};
