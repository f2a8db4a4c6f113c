import type * as Errors from '@a2a-js/sdk/errors';
import type * as Root from '@a2a-js/sdk';
import type * as Server from '@a2a-js/sdk/server';
import type * as LegacyServer from '@a2a-js/sdk/compat/v0_3/server';

/** The runtime modules of the official A2A SDK this package uses. */
export interface A2ASdk {
  readonly root: typeof Root;
  readonly server: typeof Server;
  readonly errors: typeof Errors;
  /** The SDK's A2A 0.3 compatibility layer: its JSON-RPC transport translates 0.3 requests and answers. */
  readonly legacy: typeof LegacyServer;
}

let loading: Promise<A2ASdk> | undefined;

/**
 * Loads the SDK on the first A2A request rather than at import: its modules (with `jose`, which it
 * pulls in for card signatures) take 60 to 100 ms to load, which every start of an app would pay
 * even when no A2A client ever calls it.
 */
export function loadA2ASdk(): Promise<A2ASdk> {
  loading ??= Promise.all([
    import('@a2a-js/sdk'),
    import('@a2a-js/sdk/server'),
    import('@a2a-js/sdk/errors'),
    import('@a2a-js/sdk/compat/v0_3/server'),
  ]).then(([root, server, errors, legacy]) => ({
    root,
    server,
    errors,
    legacy,
  }));
  return loading;
}

/** The version of the A2A protocol the SDK speaks and the card announces (`A2A_PROTOCOL_VERSION`). */
export const a2aProtocolVersion = '1.0';

/**
 * The earlier version of the protocol the handler also answers, through the SDK's compatibility
 * layer: most agents in the field speak it, and send no `A2A-Version` header, which means 0.3.
 */
export const a2aLegacyProtocolVersion = '0.3';

/** The protocol binding of the endpoint, as the card's `supportedInterfaces` name it. */
export const jsonRpcBinding = 'JSONRPC';
