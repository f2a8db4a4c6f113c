import type { OpsEventFilter, OpsEventKind, OpsStatus } from '@kit/kit-ops';
import { usageError } from '../cli/cli-error.js';
import type { CommandContext, OptionSpec } from '../cli/command.js';
import { orList, suggestions } from '../cli/suggest.js';

const statuses: readonly OpsStatus[] = ['ok', 'error', 'denied', 'pending', 'canceled'];

/**
 * kit-ops' kinds, in its order. Written out so that `kit --help` starts without loading kit-ops; the
 * check below fails to compile if kit-ops gains or loses a kind.
 */
const opsEventKinds = [
  'request',
  'policy',
  'approval',
  'agent.run',
  'tool.call',
  'job.run',
  'reload',
  'error',
] as const satisfies readonly OpsEventKind[];
type Missing = Exclude<OpsEventKind, (typeof opsEventKinds)[number]>;
const everyKind: [Missing] extends [never] ? true : never = true;
void everyKind;

/** Options that select events, shared by `ops:events` and `ops:tail`. */
export const eventFilterOptions: readonly OptionSpec[] = [
  { name: 'kind', type: 'string', value: '<kind>', multiple: true, description: `only this kind, repeatable: ${opsEventKinds.join(', ')}` },
  {
    name: 'subject',
    type: 'string',
    value: '<text>',
    description: 'only this subject, exactly (a route such as "GET /api/search", an agent, a job)',
  },
  { name: 'status', type: 'string', value: '<status>', description: `only this status: ${statuses.join(', ')}` },
  { name: 'correlation', type: 'string', value: '<id>', description: 'only events of this request, run or job (their correlation id)' },
];

/** The filter the options describe, checked. */
export function eventFilter(context: CommandContext): OpsEventFilter {
  const kinds = context.list('kind');
  for (const kind of kinds) {
    if (!(opsEventKinds as readonly string[]).includes(kind)) {
      const close = suggestions(kind, [...opsEventKinds]);
      throw usageError(
        `--kind "${kind}" is not a kind of event${close.length > 0 ? `; did you mean ${close[0]}?` : ''} The kinds are ${orList(opsEventKinds)}.`,
      );
    }
  }
  const status = context.string('status');
  if (status !== undefined && !(statuses as readonly string[]).includes(status))
    throw usageError(`--status must be ${orList(statuses)}; got "${status}"`);
  const subject = context.string('subject');
  const correlation = context.string('correlation');
  return {
    ...(kinds.length === 1 ? { kind: kinds[0] as OpsEventKind } : kinds.length > 1 ? { kind: kinds as OpsEventKind[] } : {}),
    ...(subject === undefined ? {} : { subject }),
    ...(status === undefined ? {} : { status: status as OpsStatus }),
    ...(correlation === undefined ? {} : { correlationId: correlation }),
  };
}
