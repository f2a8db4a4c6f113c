import type { ToolResultBudgetConfig } from './types.js';
import type { CallOutcome, IdentifiedCall } from './call-outcome.js';
import { budgetResults } from './tool-result-budget.js';

/** A call the loop did not run because a before-hook refused it, and the calls after it in the reply. */
export interface RefusedCalls {
  refused: IdentifiedCall;
  kind: 'tool' | 'task';
  reason: string;
  notRun: { call: IdentifiedCall; kind: 'tool' | 'task' }[];
}

/** How the line of a task call started in the background opens. */
const STARTED_PREFIX = 'Started in the background: ';

function label(kind: 'tool' | 'task', call: IdentifiedCall): string {
  return `${kind} ${call.name} (call ${call.id})`;
}

/**
 * The user message that reports one iteration's calls to the model, one block per call in call
 * order, separated by blank lines:
 *
 * - `Result of tool <name> (call <id>):` then the JSON result on the next line (shortened by the
 *   result budget, with a `[truncated: ...]` note line when it was);
 * - `Error from tool <name> (call <id>): <message>` for a failure, invalid arguments or an unknown name;
 * - `Started in the background: task <name> (call <id>); ...` for each task call of `started`
 *   (`backgroundTasks`), after the results: its result comes in a later message, in the same format;
 * - for a refused call, a last block saying which calls were not run and why.
 *
 * Tasks say `task` instead of `tool`. Returns `''` when there is nothing to report.
 */
export async function formatResultsMessage(
  outcomes: readonly CallOutcome[],
  budget: ToolResultBudgetConfig | undefined,
  refused?: RefusedCalls,
  started: readonly IdentifiedCall[] = [],
): Promise<string> {
  const successes = outcomes.filter((outcome) => outcome.status === 'success');
  const budgeted = await budgetResults(
    successes.map((outcome) => ({ callId: outcome.call.id, name: outcome.call.name, value: outcome.value })),
    budget,
  );
  const texts = new Map(successes.map((outcome, index) => [outcome, budgeted[index]!]));
  const blocks = outcomes.map((outcome) => {
    const result = texts.get(outcome);
    if (!result) return `Error from ${label(outcome.kind, outcome.call)}: ${outcome.error ?? 'failed'}`;
    return `Result of ${label(outcome.kind, outcome.call)}:\n${result.text}${result.note ? `\n${result.note}` : ''}`;
  });
  for (const call of started) {
    blocks.push(`${STARTED_PREFIX}${label('task', call)}; its result will come in a later message.`);
  }
  if (refused) {
    const others = refused.notRun.map((entry) => label(entry.kind, entry.call));
    blocks.push(
      `Not run: ${label(refused.kind, refused.refused)} needs approval: ${refused.reason.replace(/[.\s]+$/, '')}.` +
        (others.length > 0 ? ` Also not run: ${others.join(', ')}.` : '') +
        ' Wait for the decision in the next message; if it is approved, make the call again.',
    );
  }
  return blocks.join('\n\n');
}
