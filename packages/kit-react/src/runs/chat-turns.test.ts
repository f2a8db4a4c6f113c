import { describe, expect, it } from 'vitest';
import { chatTurns, runTurns } from './chat-turns.js';
import { initialRunState, runReducer, type RunAction } from './run-reducer.js';
import type { RunEventPayloads, RunEventType, RunStreamEvent } from './run-wire.js';

let sequence = 0;
function stored<T extends RunEventType>(type: T, data: RunEventPayloads[T]): RunAction {
  sequence += 1;
  return { type: 'event', event: { type, runId: 'run-1', sequence, at: '2025-01-01T00:00:00.000Z', data } as RunStreamEvent };
}

const call = { callId: 'call-1', kind: 'tool' as const, name: 'lookup', args: { q: 'T-7' }, iteration: 1 };

/** A run that looks a ticket up, answers, is resumed with a question and is writing its second answer. */
function conversation() {
  sequence = 0;
  const actions: RunAction[] = [
    stored('status', { from: null, to: 'running' }),
    stored('model_call', { iteration: 1, durationMs: 1, finalAnswer: false, text: 'Let me look.' }),
    stored('call_started', { ...call, rerun: false }),
    stored('call_finished', { ...call, status: 'success', result: 'open', durationMs: 1 }),
    stored('model_call', { iteration: 2, durationMs: 1, finalAnswer: true, text: 'T-7 is open.' }),
    stored('status', { from: 'running', to: 'paused' }),
    stored('resumed', { message: 'Close it?' }),
    stored('status', { from: 'paused', to: 'running' }),
    { type: 'text', runId: 'run-1', piece: { iteration: 3, text: 'Closing' } },
  ];
  return actions.reduce(runReducer, initialRunState('run-1'));
}

describe('runTurns', () => {
  it('gives the goal, each reply with its calls, each resume message, and the text being written', () => {
    const turns = runTurns('Is T-7 open?', conversation());
    expect(turns.map(({ id, role, text, pending }) => ({ id, role, text, pending }))).toEqual([
      { id: 'run-1:goal', role: 'user', text: 'Is T-7 open?', pending: false },
      { id: 'run-1:reply-goal', role: 'assistant', text: 'Let me look.\n\nT-7 is open.', pending: false },
      { id: 'run-1:7', role: 'user', text: 'Close it?', pending: false },
      { id: 'run-1:reply-7', role: 'assistant', text: 'Closing', pending: true },
    ]);
    expect(turns[1]!.toolCalls).toEqual([expect.objectContaining({ callId: 'call-1', name: 'lookup', status: 'success' })]);
    expect(turns[3]!.toolCalls).toEqual([]);
  });

  it('gives only the goal before the agent said anything', () => {
    expect(runTurns('Hello', initialRunState('run-9'))).toEqual([
      { id: 'run-9:goal', role: 'user', text: 'Hello', toolCalls: [], pending: false, runId: 'run-9' },
    ]);
  });
});

describe('chatTurns', () => {
  const earlier = runTurns('First question', initialRunState('run-0'));

  it('shows a message on its way until the run records it, after the turns so far', () => {
    const run = conversation();
    const sending = chatTurns(earlier, 'Is T-7 open?', run, { text: 'And T-8?', runId: 'run-1', after: 8 });
    expect(sending.map((turn) => turn.text)).toEqual([
      'First question',
      'Is T-7 open?',
      'Let me look.\n\nT-7 is open.',
      'Close it?',
      'Closing',
      'And T-8?',
    ]);
    expect(sending.at(-1)).toMatchObject({ role: 'user', pending: true, runId: 'run-1' });
    // Recorded: the run's own turn stands in its place, once.
    const recorded = runReducer(run, stored('resumed', { message: 'And T-8?' }));
    const arrived = chatTurns(earlier, 'Is T-7 open?', recorded, { text: 'And T-8?', runId: 'run-1', after: 8 });
    expect(arrived.filter((turn) => turn.text === 'And T-8?')).toEqual([expect.objectContaining({ pending: false, id: 'run-1:9' })]);
  });

  it('shows the goal of a run being started after the earlier turns, before the run exists', () => {
    const turns = chatTurns(earlier, null, initialRunState(null), { text: 'New topic', runId: null, after: 0 });
    expect(turns.map(({ text, pending, runId }) => ({ text, pending, runId }))).toEqual([
      { text: 'First question', pending: false, runId: 'run-0' },
      { text: 'New topic', pending: true, runId: null },
    ]);
    expect(chatTurns(earlier, null, initialRunState(null), null)).toBe(earlier);
  });
});
