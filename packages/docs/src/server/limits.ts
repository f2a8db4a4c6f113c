/** Limits of the HTTP server; each bounds what one client can make the server hold or wait for. */
export interface ServerLimits {
  /**
   * Longest time to answer a request once its head has arrived; past it the client gets a 503, or a
   * 408 when its body is still arriving.
   */
  readonly handlerTimeoutMs: number;
  /**
   * Longest time for an API request's JSON body to arrive once the request is being answered; an
   * incomplete body then gets a 408. Keep it below `handlerTimeoutMs`, which would otherwise answer first.
   */
  readonly bodyTimeoutMs: number;
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
  bodyTimeoutMs: 5_000,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  maxBodyBytes: 1024 * 1024,
  shutdownGraceMs: 10_000,
};
