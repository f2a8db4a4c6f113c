import type * as Errors from '@a2a-js/sdk/errors';
import type * as Root from '@a2a-js/sdk';
import type * as Server from '@a2a-js/sdk/server';

/** The runtime modules of the official A2A SDK this package uses. */
export interface A2ASdk {
  readonly root: typeof Root;
  readonly server: typeof Server;
  readonly errors: typeof Errors;
}

let loading: Promise<A2ASdk> | undefined;

/**
 * Loads the SDK on the first A2A request rather than at import: its modules (with `jose`, which it
 * pulls in for card signatures) take 60 to 100 ms to load, which every start of an app would pay
 * even when no A2A client ever calls it.
 */
export function loadA2ASdk(): Promise<A2ASdk> {
  loading ??= Promise.all([import('@a2a-js/sdk'), import('@a2a-js/sdk/server'), import('@a2a-js/sdk/errors')]).then(([root, server, errors]) => ({ root, server, errors }));
  return loading;
}

/** The version of the A2A protocol the SDK speaks and the card announces (`A2A_PROTOCOL_VERSION`). */
export const a2aProtocolVersion = '1.0';

/** The protocol binding of the endpoint, as the card's `supportedInterfaces` name it. */
export const jsonRpcBinding = 'JSONRPC';
