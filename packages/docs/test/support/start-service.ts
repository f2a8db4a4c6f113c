import type { KitServer } from '@kit/kit-core';
import { embeddedContentDirectory, loadContent, type Content } from '../../src/content/index.js';
import { createDocsService, type DocsService, type DocsServiceOptions } from '../../src/service/create-docs-service.js';

/** A service on the embedded corpus, listening on an ephemeral loopback port. */
export interface RunningService {
  readonly service: DocsService;
  readonly content: Content;
  readonly server: KitServer;
  readonly baseUrl: string;
  stop(): Promise<void>;
}

let cached: Promise<Content> | undefined;

/** The embedded corpus, loaded once per test file. */
export function embeddedContent(): Promise<Content> {
  cached ??= loadContent(embeddedContentDirectory);
  return cached;
}

export async function startService(options: DocsServiceOptions = {}): Promise<RunningService> {
  const content = await embeddedContent();
  const service = createDocsService(content, options);
  const server = await service.app.listen({ port: 0, host: '127.0.0.1' });
  return { service, content, server, baseUrl: `http://127.0.0.1:${server.port}`, stop: () => server.close() };
}
