import { catalogLoader, type LibraryOptions } from '../server/catalog-loader.js';
import { createDocsService } from '../service/create-docs-service.js';
import { reportWarnings } from './warnings.js';

/**
 * `kit-docs mcp`: serves the documentation to one MCP client over stdio. Standard output carries
 * the protocol alone; anything for people goes to standard error.
 */
export async function runMcp(contentDirectory: string, libraries: LibraryOptions = {}): Promise<number> {
  const { catalog } = await catalogLoader(contentDirectory, libraries)();
  reportWarnings(catalog.defaultLibrary.latest.state.content, contentDirectory, (line) => process.stderr.write(`${line}\n`));
  const { mcp } = createDocsService(catalog);
  await mcp.connectStdio();
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  await mcp.close();
  return 0;
}
