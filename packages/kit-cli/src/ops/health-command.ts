import type { OpsHealthSnapshot, OpsHealthStatus } from '@kit/kit-ops';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { shortTime, table } from '../cli/table.js';
import { requireAppFolder } from '../app/app-folder.js';
import { shownPath } from '../db/db-options.js';
import { colourStatus, details } from './format.js';
import { openStore, storeOption, storePath } from './open-store.js';

const severity: Readonly<Record<OpsHealthStatus, number>> = { ok: 0, degraded: 1, down: 2 };

/** The worst status of the components, or `unknown` when none has reported. */
export function overallStatus(snapshots: readonly OpsHealthSnapshot[]): OpsHealthStatus | 'unknown' {
  if (snapshots.length === 0) return 'unknown';
  return snapshots.reduce<OpsHealthStatus>(
    (worst, snapshot) => (severity[snapshot.status] > severity[worst] ? snapshot.status : worst),
    'ok',
  );
}

async function run(context: CommandContext) {
  if (context.string('store') === undefined && !context.env.KIT_OPS_STORE) requireAppFolder(context.root);
  const store = await openStore(context);
  let snapshots: OpsHealthSnapshot[];
  try {
    snapshots = store.health();
  } finally {
    store.close();
  }
  const status = overallStatus(snapshots);
  const code = status === 'degraded' || status === 'down' ? exitCodes.failed : exitCodes.ok;
  if (context.flag('json')) {
    context.out(JSON.stringify({ status, components: snapshots }, null, 2));
    return code;
  }
  const style = context.style.out;
  const where = shownPath(context.root, storePath(context));
  if (snapshots.length === 0) {
    context.out(`No health snapshots recorded yet (store: ${where}); the app records them with store.snapshot(name, status).`);
    return code;
  }
  context.out(`Health: ${colourStatus(status, style)} (store: ${where})`);
  const paint = (column: number, cell: string, padded: string) =>
    column === 1 ? colourStatus(cell, style) + padded.slice(cell.length) : padded;
  for (const line of table(
    ['NAME', 'STATUS', 'SINCE', 'DETAILS'],
    snapshots.map((snapshot) => [snapshot.name, snapshot.status, shortTime(snapshot.at), details(snapshot.details)]),
    style,
    paint,
  )) {
    context.out(line);
  }
  return code;
}

/** `kit ops:health`. */
export const opsHealthCommand: CommandSpec = {
  name: 'ops:health',
  group: 'Operations',
  summary: 'Shows the health recorded in the ops store',
  usage: 'ops:health [--json] [options]',
  description: `Shows the latest health snapshot of every component the app reports to its kit-ops store (ok,
degraded or down) and the overall status, the worst of them. Exits 1 when a component is degraded
or down, so a monitoring script can run it as it is; 0 when all are ok or none reported yet.`,
  positionals: [],
  options: [{ name: 'json', type: 'boolean', description: 'print { status, components } as JSON' }, storeOption],
  examples: ['kit ops:health', 'kit ops:health --json --store /var/lib/app/ops.sqlite'],
  run,
};
