import type { OpsIncident } from '@kit/kit-ops';
import { usageError } from '../cli/cli-error.js';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { count, shortTime, table } from '../cli/table.js';
import { requireAppFolder } from '../app/app-folder.js';
import { shownPath } from '../db/db-options.js';
import { openStore, storeOption, storePath } from './open-store.js';
import { parseLimit, parseTimeOption } from './time-option.js';

function cells(incident: OpsIncident): string[] {
  return [
    String(incident.id),
    incident.resolvedAt === undefined ? 'open' : 'resolved',
    incident.rule,
    incident.subject,
    incident.kind,
    shortTime(incident.openedAt),
    incident.resolvedAt === undefined ? '-' : shortTime(incident.resolvedAt),
    String(incident.eventCount),
  ];
}

async function run(context: CommandContext) {
  if (context.flag('open') && context.flag('resolved'))
    throw usageError('--open and --resolved exclude each other; give one, or neither for both');
  const sinceText = context.string('since');
  const since = sinceText === undefined ? undefined : parseTimeOption('since', sinceText, Date.now());
  const limit = parseLimit(context.string('limit'), 50);
  const rule = context.string('rule');
  const subject = context.string('subject');
  if (context.string('store') === undefined && !context.env.KIT_OPS_STORE) requireAppFolder(context.root);
  const store = await openStore(context);
  let incidents: OpsIncident[];
  try {
    const open = context.flag('open') ? true : context.flag('resolved') ? false : undefined;
    // --since keeps incidents with activity in the window, which is not a prefix of the store's
    // newest-opened-first order, so the filter runs here over every matching incident.
    incidents = store
      .incidents({
        ...(open === undefined ? {} : { open }),
        ...(rule === undefined ? {} : { rule }),
        ...(subject === undefined ? {} : { subject }),
        limit: since === undefined ? limit : 1_000_000,
      })
      .filter((incident) => since === undefined || Date.parse(incident.lastEventAt) >= since)
      .slice(0, limit);
  } finally {
    store.close();
  }
  const openCount = incidents.filter((incident) => incident.resolvedAt === undefined).length;
  const code = context.flag('check') && openCount > 0 ? exitCodes.failed : exitCodes.ok;
  if (context.flag('json')) {
    context.out(JSON.stringify(incidents, null, 2));
    return code;
  }
  const where = shownPath(context.root, storePath(context));
  if (incidents.length === 0) {
    context.out(`No incidents match (store: ${where}).`);
    return code;
  }
  const style = context.style.out;
  context.out(`${count(incidents.length, 'incident')} (${openCount} open), newest first (store: ${where}):`);
  const paint = (column: number, cell: string, padded: string) =>
    column === 1 && cell === 'open' ? style.red(cell) + padded.slice(cell.length) : padded;
  for (const line of table(['ID', 'STATE', 'RULE', 'SUBJECT', 'KIND', 'OPENED', 'RESOLVED', 'EVENTS'], incidents.map(cells), style, paint))
    context.out(line);
  return code;
}

/** `kit ops:incidents`. */
export const opsIncidentsCommand: CommandSpec = {
  name: 'ops:incidents',
  group: 'Operations',
  summary: 'Lists incidents of the ops store',
  usage: 'ops:incidents [--open|--resolved] [--since <time>] [--limit <n>] [--json] [--check] [options]',
  description: `Lists the incidents the app's rules opened in its kit-ops store, newest first: the rule, the subject,
when it opened and resolved, and how many matching events it counted. --since keeps the incidents
with a matching event in the window. With --check, exits 1 when an open incident is listed.`,
  positionals: [],
  options: [
    { name: 'open', type: 'boolean', description: 'only incidents still open' },
    { name: 'resolved', type: 'boolean', description: 'only resolved incidents' },
    { name: 'rule', type: 'string', value: '<name>', description: 'only incidents of this rule' },
    { name: 'subject', type: 'string', value: '<text>', description: 'only incidents about this subject' },
    {
      name: 'since',
      type: 'string',
      value: '<time>',
      description: 'only incidents with a matching event at or after this time: 1h, 2026-11-23',
    },
    { name: 'limit', type: 'string', value: '<n>', description: 'at most this many incidents, 1 to 10000 (default 50)' },
    { name: 'json', type: 'boolean', description: 'print the incidents as a JSON array' },
    { name: 'check', type: 'boolean', description: 'exit 1 when an open incident is listed' },
    storeOption,
  ],
  examples: ['kit ops:incidents --open', 'kit ops:incidents --since 24h --json', 'kit ops:incidents --open --check'],
  run,
};
