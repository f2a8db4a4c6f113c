import { addCommand } from '../add/add-command.js';
import type { CommandSpec } from '../cli/command.js';
import { dbMigrateCommand } from '../db/migrate-command.js';
import { dbPushCommand } from '../db/push-command.js';
import { dbStatusCommand } from '../db/status-command.js';
import { deployInitCommand } from '../deploy/deploy-command.js';
import { opsEventsCommand } from '../ops/events-command.js';
import { opsHealthCommand } from '../ops/health-command.js';
import { opsIncidentsCommand } from '../ops/incidents-command.js';
import { opsTailCommand } from '../ops/tail-command.js';
import { buildCommand } from '../serve/build-command.js';
import { devCommand } from '../serve/dev-command.js';
import { mcpCommand } from '../serve/mcp-command.js';
import { startCommand } from '../serve/start-command.js';
import { verifyCommand } from '../verify/verify-command.js';

/**
 * Every command of `kit`, in the order `kit --help` lists them within their groups.
 *
 * @example
 * ```ts
 * import { kitCommands } from '@kit/kit-cli';
 *
 * for (const command of kitCommands) console.log(`kit ${command.name}: ${command.summary}`);
 * ```
 */
export const kitCommands: readonly CommandSpec[] = [
  devCommand,
  buildCommand,
  startCommand,
  mcpCommand,
  verifyCommand,
  dbMigrateCommand,
  dbPushCommand,
  dbStatusCommand,
  addCommand,
  deployInitCommand,
  opsEventsCommand,
  opsIncidentsCommand,
  opsHealthCommand,
  opsTailCommand,
];
