import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { requireAppFolder } from '../app/app-folder.js';
import { cliLogger } from './dev-command.js';
import { warnAboutPendingMigrations } from './migrations-notice.js';
import { serveAddress, serveOptions, serveUntilStopped } from './serve-options.js';

async function run(context: CommandContext) {
  requireAppFolder(context.root);
  const { port, host } = serveAddress(context);
  const outDir = context.string('out-dir');
  // Checked beside the server's start rather than before it, so the check adds nothing to start-up.
  const notice = warnAboutPendingMigrations(context);
  const { startApp } = await import('@kit/kit-dev');
  try {
    await serveUntilStopped(context.signal, () =>
      startApp({
        root: context.root,
        port,
        host,
        log: cliLogger(context),
        ...(outDir === undefined ? {} : { outDir }),
        mcp: !context.flag('no-mcp'),
        a2a: !context.flag('no-a2a'),
      }),
    );
  } finally {
    await notice;
  }
  return exitCodes.ok;
}

/** `kit start`. */
export const startCommand: CommandSpec = {
  name: 'start',
  group: 'Develop',
  summary: 'Production server',
  usage: 'start [--port <n>] [--host <addr>] [options]',
  description: `Serves the build kit build wrote (.kit/build/) with kit-dev's production server: pages, API routes,
/openapi.json, MCP at /mcp, and A2A at /a2a with its agent card at /.well-known/agent.json (and
agent-card.json), no bundler loaded. Settings come from the environment (PORT, HOST, and whatever the
app reads with env()). Stops on Ctrl-C or SIGTERM, letting open requests finish. At start it warns
when the app's database has not applied every migration of migrations/ (run kit db:push).`,
  positionals: [],
  options: [
    ...serveOptions,
    { name: 'out-dir', type: 'string', value: '<dir>', description: 'the build to serve (default .kit/build)' },
    { name: 'no-mcp', type: 'boolean', description: 'do not serve MCP at /mcp' },
    { name: 'no-a2a', type: 'boolean', description: 'do not serve A2A at /a2a nor the agent card' },
  ],
  examples: ['kit start', 'HOST=0.0.0.0 PORT=8080 kit start'],
  readsEnvFile: true,
  run,
};
