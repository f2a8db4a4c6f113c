import type { DevLogger } from '@kit/kit-dev';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { requireAppFolder } from '../app/app-folder.js';
import { warnAboutPendingMigrations } from './migrations-notice.js';
import { serveAddress, serveOptions, serveUntilStopped } from './serve-options.js';

/** kit-dev's progress lines on the command's streams: information to standard output, the rest to standard error. */
export function cliLogger(context: CommandContext): DevLogger {
  return (level, message) =>
    level === 'info'
      ? context.out(message)
      : context.err(level === 'error' ? context.style.err.red(message) : context.style.err.yellow(message));
}

async function run(context: CommandContext) {
  requireAppFolder(context.root);
  const { port, host } = serveAddress(context);
  // Checked beside the server's start rather than before it, so the check adds nothing to start-up.
  const notice = warnAboutPendingMigrations(context);
  const { createDevServer } = await import('@kit/kit-dev');
  try {
    await serveUntilStopped(context.signal, async () => {
      const server = createDevServer({
        root: context.root,
        port,
        host,
        log: cliLogger(context),
        mcp: !context.flag('no-mcp'),
        a2a: !context.flag('no-a2a'),
      });
      try {
        await server.listen();
      } catch (error) {
        await server.close();
        throw error;
      }
      return server;
    });
  } finally {
    await notice;
  }
  return exitCodes.ok;
}

/** `kit dev`. */
export const devCommand: CommandSpec = {
  name: 'dev',
  group: 'Develop',
  summary: 'Development server with hot reload',
  usage: 'dev [--port <n>] [--host <addr>] [options]',
  description: `Serves the app from its sources with kit-dev's development server: pages, API routes, /openapi.json,
MCP at /mcp, and A2A at /a2a with its agent card at /.well-known/agent.json (and agent-card.json).
Saving a file rebuilds it and updates open pages; a build error is shown in the page (file and line)
while the last good build keeps serving. Runs until Ctrl-C. At start it warns when the app's
database has not applied every migration of migrations/ (run kit db:push).`,
  positionals: [],
  options: [
    ...serveOptions,
    { name: 'no-mcp', type: 'boolean', description: 'do not serve MCP at /mcp' },
    { name: 'no-a2a', type: 'boolean', description: 'do not serve A2A at /a2a nor the agent card' },
  ],
  examples: ['kit dev', 'kit dev --port 4000', 'PORT=0 kit dev'],
  readsEnvFile: true,
  run,
};
