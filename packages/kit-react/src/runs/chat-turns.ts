import type { RunState, RunToolCall } from './run-reducer.js';

/** One turn of a conversation with an agent: a person's message, or the agent's reply with the calls it made. */
export interface ChatTurn {
  /** Stable across renders, for `key`. */
  id: string;
  role: 'user' | 'assistant';
  /** The message, or the text of the agent's replies (paragraphs joined by a blank line). */
  text: string;
  /** The tool and task calls the agent made in this reply (always empty for a person's message). */
  toolCalls: readonly RunToolCall[];
  /** An assistant turn still being written, or a message on its way to the server. */
  pending: boolean;
  /** The run the turn belongs to; null for a message whose run is not started yet. */
  runId: string | null;
}

/** A message sent and not yet seen in the run's events: shown as a pending turn until it is. */
export interface OutgoingMessage {
  text: string;
  /** The run it resumes, or null for the goal of a new run. */
  runId: string | null;
  /** The run's last sequence number when it was sent: its `resumed` event comes after it. */
  after: number;
}

/** The reply being gathered: the turn it answers, its texts and its calls. */
interface Reply {
  id: string;
  texts: string[];
  callIds: string[];
  pending: boolean;
}

/**
 * The turns of one run: its goal, the agent's replies and calls, each message it was resumed with, and
 * the text the model is writing now as the last reply.
 */
export function runTurns(goal: string, run: RunState): ChatTurn[] {
  const runId = run.runId;
  const turns: ChatTurn[] = [{ id: `${runId}:goal`, role: 'user', text: goal, toolCalls: [], pending: false, runId }];
  let answered = 'goal';
  let reply: Reply | null = null;
  const open = (): Reply => (reply ??= { id: `${runId}:reply-${answered}`, texts: [], callIds: [], pending: false });
  const close = () => {
    if (reply === null) return;
    const callIds = reply.callIds;
    turns.push({
      id: reply.id,
      role: 'assistant',
      text: reply.texts.join('\n\n'),
      toolCalls: run.toolCalls.filter((call) => callIds.includes(call.callId)),
      pending: reply.pending,
      runId,
    });
    reply = null;
  };
  for (const event of run.events) {
    if (event.type === 'resumed') {
      close();
      answered = String(event.sequence);
      turns.push({ id: `${runId}:${event.sequence}`, role: 'user', text: event.data.message, toolCalls: [], pending: false, runId });
    } else if (event.type === 'model_call' && event.data.text.trim() !== '') {
      open().texts.push(event.data.text);
    } else if (event.type === 'call_started' && !open().callIds.includes(event.data.callId)) {
      open().callIds.push(event.data.callId);
    }
  }
  if (run.text !== '') {
    const writing = open();
    writing.texts.push(run.text);
    writing.pending = true;
  }
  close();
  return turns;
}

/**
 * The whole conversation: the turns of earlier runs, those of the current run (when there is one), and
 * a message on its way, until the current run's events show it arrived.
 */
export function chatTurns(
  earlier: readonly ChatTurn[],
  goal: string | null,
  run: RunState,
  outgoing: OutgoingMessage | null,
): readonly ChatTurn[] {
  const current = goal === null || run.runId === null ? [] : runTurns(goal, run);
  const arrived =
    outgoing !== null &&
    outgoing.runId === run.runId &&
    run.events.some((event) => event.type === 'resumed' && event.sequence > outgoing.after && event.data.message === outgoing.text);
  if (outgoing === null || arrived) return current.length === 0 ? earlier : [...earlier, ...current];
  const { text, runId, after } = outgoing;
  const sending: ChatTurn = { id: `${runId}:outgoing-${after}`, role: 'user', text, toolCalls: [], pending: true, runId };
  return [...earlier, ...current, sending];
}
