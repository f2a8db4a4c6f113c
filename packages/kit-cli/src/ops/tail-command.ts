import { usageError } from '../cli/cli-error.js';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { requireAppFolder } from '../app/app-folder.js';
import { shownPath } from '../db/db-options.js';
import { eventFilter, eventFilterOptions } from './event-filter.js';
import { eventLine } from './format.js';
import { openStore, storeOption, storePath } from './open-store.js';
import { parseTimeOption } from './time-option.js';

async function run(context: CommandContext) {
  const filter = eventFilter(context);
  const sinceText = context.string('since');
  const since = sinceText === undefined ? undefined : parseTimeOption('since', sinceText, Date.now());
  const pollText = context.string('poll');
  const pollMs = pollText === undefined ? 250 : Number(pollText);
  if (!(Number.isInteger(pollMs) && pollMs >= 10 && pollMs <= 60_000)) {
    throw usageError(`--poll must be a whole number of milliseconds from 10 to 60000; got "${pollText}"`);
  }
  if (context.string('store') === undefined && !context.env.KIT_OPS_STORE) requireAppFolder(context.root);
  const store = await openStore(context);
  const json = context.flag('json');
  const print = (event: Parameters<typeof eventLine>[0]) => context.out(json ? JSON.stringify(event) : eventLine(event, context.style.out));
  try {
    let afterId: number | undefined;
    if (since !== undefined) {
      // Catch up first, oldest first, then follow from the last event shown so none is missed or shown twice.
      for (const event of store.query({ ...filter, since, order: 'asc', limit: 10_000 })) {
        print(event);
        afterId = event.id;
      }
    }
    context.err(context.style.err.dim(`Following ${shownPath(context.root, storePath(context))}; press Ctrl-C to stop.`));
    for await (const event of store.tail({ ...filter, pollMs, signal: context.signal, ...(afterId === undefined ? {} : { afterId }) }))
      print(event);
    return exitCodes.ok;
  } finally {
    store.close();
  }
}

/** `kit ops:tail`. */
export const opsTailCommand: CommandSpec = {
  name: 'ops:tail',
  group: 'Operations',
  summary: 'Follows new events of the ops store',
  usage: 'ops:tail [--kind <kind>]... [--since <time>] [--json] [options]',
  description: `Prints the events the app records in its kit-ops store as they arrive (written by any process), one
line each, until Ctrl-C (exit 0). --since first prints the events since then, oldest first. With
--json every event is one JSON object per line.`,
  positionals: [],
  options: [
    ...eventFilterOptions,
    { name: 'since', type: 'string', value: '<time>', description: 'first print the events since this time (15m, 1h, an ISO time)' },
    { name: 'json', type: 'boolean', description: 'one JSON object per line' },
    {
      name: 'poll',
      type: 'string',
      value: '<ms>',
      description: 'how often to look for events of other processes, in milliseconds (default 250)',
    },
    storeOption,
  ],
  examples: ['kit ops:tail', 'kit ops:tail --kind error --kind request --status error', 'kit ops:tail --since 15m --json | jq .subject'],
  run,
};
