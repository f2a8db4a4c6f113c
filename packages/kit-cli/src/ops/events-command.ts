import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { count, table } from '../cli/table.js';
import { requireAppFolder } from '../app/app-folder.js';
import { eventFilter, eventFilterOptions } from './event-filter.js';
import { colourStatus, eventCells } from './format.js';
import { openStore, storeOption, storePath } from './open-store.js';
import { parseLimit, parseTimeOption } from './time-option.js';
import { shownPath } from '../db/db-options.js';

async function run(context: CommandContext) {
  const filter = eventFilter(context);
  const now = Date.now();
  const sinceText = context.string('since');
  const untilText = context.string('until');
  const since = sinceText === undefined ? undefined : parseTimeOption('since', sinceText, now);
  const until = untilText === undefined ? undefined : parseTimeOption('until', untilText, now);
  const limit = parseLimit(context.string('limit'), 50);
  if (context.string('store') === undefined && !context.env.KIT_OPS_STORE) requireAppFolder(context.root);
  const store = await openStore(context);
  try {
    const events = store.query({ ...filter, ...(since === undefined ? {} : { since }), ...(until === undefined ? {} : { until }), limit });
    if (context.flag('json')) {
      context.out(JSON.stringify(events, null, 2));
      return exitCodes.ok;
    }
    const where = shownPath(context.root, storePath(context));
    if (events.length === 0) {
      context.out(`No events match (store: ${where}).`);
      return exitCodes.ok;
    }
    context.out(
      `${count(events.length, 'event')}, newest first (store: ${where}${events.length === limit ? `; --limit ${limit} reached` : ''}):`,
    );
    const style = context.style.out;
    const paint = (column: number, cell: string, padded: string) =>
      column === 2 ? colourStatus(cell, style) + padded.slice(cell.length) : padded;
    for (const line of table(['AT', 'KIND', 'STATUS', 'SUBJECT', 'DURATION', 'DETAILS'], events.map(eventCells), style, paint))
      context.out(line);
    return exitCodes.ok;
  } finally {
    store.close();
  }
}

/** `kit ops:events`. */
export const opsEventsCommand: CommandSpec = {
  name: 'ops:events',
  group: 'Operations',
  summary: 'Lists events of the ops store',
  usage: 'ops:events [--kind <kind>]... [--since <time>] [--limit <n>] [--json] [options]',
  description: `Lists the events the app recorded in its kit-ops store (requests, policy decisions, approvals, agent
runs, tool calls, job runs, reloads, errors), newest first, with their payload in one line.
Times are durations back from now (30s, 15m, 1h, 7d, 2w) or ISO dates and times.`,
  positionals: [],
  options: [
    ...eventFilterOptions,
    { name: 'since', type: 'string', value: '<time>', description: 'only events at or after this time: 1h, 30m, 2026-11-23T08:00:00Z' },
    { name: 'until', type: 'string', value: '<time>', description: 'only events before this time' },
    { name: 'limit', type: 'string', value: '<n>', description: 'at most this many events, 1 to 10000 (default 50)' },
    { name: 'json', type: 'boolean', description: 'print the events as a JSON array, as the store returns them' },
    storeOption,
  ],
  examples: [
    'kit ops:events --since 1h',
    'kit ops:events --kind error --kind request --status error --limit 20',
    'kit ops:events --correlation 5f0c... --json',
  ],
  run,
};
