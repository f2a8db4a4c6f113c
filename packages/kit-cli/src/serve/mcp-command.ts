import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { count } from '../cli/table.js';
import { requireAppFolder } from '../app/app-folder.js';
import { fromKitDevError } from './kit-dev-errors.js';
import { untilStopped } from './serve-options.js';

/** Resolves when standard input ends: the MCP client closed the connection. */
function inputEnded(): Promise<void> {
  return new Promise((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
}

async function run(context: CommandContext) {
  requireAppFolder(context.root);
  // Standard output carries the protocol alone: everything for people goes to standard error.
  const outDir = join(context.root, '.kit', 'mcp');
  const [{ buildApp, startApp }, { createMcpServer }] = await Promise.all([import('@kit/kit-dev'), import('@kit/kit-agent')]);
  let started;
  try {
    await buildApp({ root: context.root, outDir });
    // The registry comes from the assembled app; its HTTP side listens on loopback only and serves nobody.
    started = await startApp({ root: context.root, outDir, port: 0, host: '127.0.0.1', log: false, mcp: false });
  } catch (error) {
    throw fromKitDevError(error);
  }
  const info = started.app.openapi().info;
  const mcp = createMcpServer({ registry: started.app.registry, name: info.title, version: info.version });
  try {
    await mcp.connectStdio();
    context.err(context.style.err.dim(`kit mcp: serving ${count(started.app.registry.routes.length, 'tool')} of ${info.title} over stdio`));
    await Promise.race([inputEnded(), untilStopped(context.signal)]);
  } finally {
    await mcp.close();
    await started.close();
    await rm(outDir, { recursive: true, force: true });
  }
  return exitCodes.ok;
}

/** `kit mcp`. */
export const mcpCommand: CommandSpec = {
  name: 'mcp',
  group: 'Develop',
  summary: 'MCP server over stdio',
  usage: 'mcp [options]',
  description: `Serves the app's API routes as MCP tools over standard input and output, for an MCP client (an AI
assistant or agent host) that starts it as a child process. The app is built from its sources first
(into .kit/mcp/). Tools are named by operation id (get_api_hello), with the routes' input and output
schemas; calls are validated and guarded by policies as over HTTP. Ends when the client closes stdin.
Client configuration: { "command": "npx", "args": ["kit", "mcp", "--root", "/path/to/app"] }`,
  positionals: [],
  options: [],
  examples: ['kit mcp', 'npx @modelcontextprotocol/inspector npx kit mcp'],
  readsEnvFile: true,
  run,
};
