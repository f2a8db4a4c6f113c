import { loadContent } from '../content/index.js';
import { createDocsService } from '../service/create-docs-service.js';
import { reportWarnings } from './warnings.js';

/**
 * `kit-docs mcp`: serves the documentation to one MCP client over stdio. Standard output carries
 * the protocol alone; anything for people goes to standard error.
 */
export async function runMcp(contentDirectory: string): Promise<number> {
  const content = await loadContent(contentDirectory);
  reportWarnings(content, contentDirectory, (line) => process.stderr.write(`${line}\n`));
  const { mcp } = createDocsService(content);
  await mcp.connectStdio();
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  await mcp.close();
  return 0;
}
