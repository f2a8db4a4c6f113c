import { generateAgentCard, type GenerateAgentCardOptions } from './agent-card.js';

/**
 * Where an agent card is served: `/.well-known/agent.json`, where a kit app serves it, and
 * `/.well-known/agent-card.json`, the well-known name of the A2A specification since 0.3, where the
 * clients of both protocol versions look by default.
 *
 * @example
 * ```ts
 * import { agentCardPaths } from '@kit/kit-agent';
 *
 * console.log(agentCardPaths.join(' ')); // /.well-known/agent.json /.well-known/agent-card.json
 * ```
 */
export const agentCardPaths: readonly string[] = ['/.well-known/agent.json', '/.well-known/agent-card.json'];

/** The card's options, with the endpoint and documentation as paths the request's origin completes. */
export interface AgentCardEndpointOptions extends Omit<GenerateAgentCardOptions, 'url' | 'documentationUrl'> {
  /** The path of the A2A endpoint (`/a2a`); the card names it as an absolute URL on the request's origin. */
  readonly endpointPath: string;
  /** The path of the documentation (`/`), made absolute the same way. */
  readonly documentationPath?: string;
}

/**
 * A GET handler that answers the agent card as JSON, for `app.get` at each of `agentCardPaths`. A card's
 * URLs must be absolute, and a server without a public base URL does not know the address its clients reach
 * it by, so they are made from each request's origin. The card of the last origin asked is kept, since
 * nearly every request comes by the same address (one entry only: the Host header is the caller's to choose).
 * The options are checked once here: bad ones throw `KitAIError('invalid_config')`, as `generateAgentCard` does.
 *
 * @example
 * ```ts
 * import { createKitApp, defineAPI } from '@kit/kit-core';
 * import { agentCardEndpoint, agentCardPaths, createA2AHandler } from '@kit/kit-agent';
 *
 * const app = createKitApp({ routes: { 'GET /api/ping': defineAPI({ description: 'Answers pong.', handler: async () => ({ pong: true }) }) } });
 * app.mount('/a2a', ['POST'], createA2AHandler({ registry: app.registry }));
 * const card = agentCardEndpoint({ registry: app.registry, name: 'ping', description: 'Answers pings.', version: '1.0.0', endpointPath: '/a2a' });
 * for (const path of agentCardPaths) app.get(path, card);
 * ```
 */
export function agentCardEndpoint(options: AgentCardEndpointOptions): (request: Request) => Response {
  const { endpointPath, documentationPath, ...card } = options;
  const bodyFor = (origin: string): string =>
    JSON.stringify(
      generateAgentCard({
        ...card,
        url: new URL(endpointPath, origin).href,
        ...(documentationPath === undefined ? {} : { documentationUrl: new URL(documentationPath, origin).href }),
      }),
    );
  let last = { origin: 'http://localhost', body: bodyFor('http://localhost') };
  return (request) => {
    const origin = new URL(request.url).origin;
    if (origin !== last.origin) last = { origin, body: bodyFor(origin) };
    return new Response(last.body, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' } });
  };
}
