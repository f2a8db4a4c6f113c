import { loadContent } from '../content/index.js';
import { createDocsService } from '../service/create-docs-service.js';

/** Options of `kit-docs serve`. */
export interface ServeOptions {
  readonly contentDirectory: string;
  readonly port: number;
  readonly host: string;
  readonly publicBaseUrl?: string;
}

/**
 * Loads and validates the content, then serves it until SIGINT or SIGTERM, on which the server stops
 * accepting connections, lets open requests finish and the process exits 0.
 */
export async function runServe(options: ServeOptions, log: (line: string) => void): Promise<number> {
  const content = await loadContent(options.contentDirectory);
  const service = createDocsService(content, options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {});
  const server = await service.app.listen({ port: options.port, host: options.host });
  log(`kit docs: serving ${content.documents.length} documents, ${content.sections.length} sections and ${content.examples.length} examples at http://${formatHost(options.host)}:${server.port}/`);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      log(`kit docs: ${signal} received, finishing open requests`);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void server.close().finally(resolve);
      // Idle keep-alive connections would hold close() open; requests in flight still finish.
      if ('closeIdleConnections' in server.server) server.server.closeIdleConnections();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
