import type { RunEvent, RunTextEvent } from '@kit/kit-ai';
import type { RunView } from '@kit/kit-agent';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { initialRunState, runReducer, type RunAction, type RunState } from './run-reducer.js';
import type { RunEventPayloads, RunEventType, RunSnapshot, RunStreamEvent, RunTextPiece } from './run-wire.js';

let sequence = 0;
function stored<T extends RunEventType>(type: T, data: RunEventPayloads[T], runId = 'run-1'): RunStreamEvent {
  sequence += 1;
  return { type, runId, sequence, at: '2025-01-01T00:00:00.000Z', data } as RunStreamEvent;
}

const fold = (actions: readonly RunAction[], state: RunState = initialRunState('run-1')) => actions.reduce(runReducer, state);
const text = (iteration: number, piece: string): RunAction => ({ type: 'text', runId: 'run-1', piece: { iteration, text: piece } });
const event = (value: RunStreamEvent): RunAction => ({ type: 'event', event: value });

function snapshot(overrides: Partial<RunSnapshot>): RunSnapshot {
  return {
    id: 'run-1',
    goal: 'Close ticket T-7',
    status: 'running',
    metadata: {},
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    attempts: 1,
    lastSequence: 0,
    ...overrides,
  };
}

/** The events of a run that asks to close a ticket, holds the call for a person, and answers once it ran. */
function ticketRun() {
  sequence = 0;
  const held = { approvalId: 'call-close', kind: 'tool' as const, tool: 'close_ticket', args: { id: 'T-7' }, reason: 'needs approval' };
  const call = { callId: 'call-close', kind: 'tool' as const, name: 'close_ticket', args: { id: 'T-7' }, iteration: 1 };
  return {
    held,
    first: [
      stored('status', { from: null, to: 'queued' }),
      stored('claimed', { owner: 'here', attempt: 1, reclaimed: false }),
      stored('status', { from: 'queued', to: 'running' }),
      stored('model_call', { iteration: 1, durationMs: 3, finalAnswer: false, text: 'Looking up T-7.' }),
      stored('approval_requested', held),
      stored('status', { from: 'running', to: 'approval_required' }),
    ],
    rest: [
      stored('approval_decided', { approvalId: 'call-close', approved: true }),
      stored('status', { from: 'approval_required', to: 'queued' }),
      stored('claimed', { owner: 'here', attempt: 2, reclaimed: false }),
      stored('status', { from: 'queued', to: 'running' }),
      stored('call_started', { ...call, rerun: false }),
      stored('call_finished', { ...call, status: 'success', result: { closed: true }, durationMs: 2 }),
      stored('model_call', { iteration: 2, durationMs: 3, finalAnswer: true, text: 'Ticket T-7 is closed.' }),
      stored('status', { from: 'running', to: 'completed' }),
    ],
  };
}

describe('runReducer', () => {
  it('reads what the server packages send (checked by the type check)', () => {
    expectTypeOf<RunEvent>().toExtend<RunStreamEvent>();
    expectTypeOf<RunView>().toExtend<RunSnapshot>();
    expectTypeOf<RunTextEvent['data']>().toExtend<RunTextPiece>();
  });

  it('folds a run through its held call to its answer: status, text, calls, approval', () => {
    const { held, first, rest } = ticketRun();
    const waiting = fold([
      { type: 'connection', connection: 'open' },
      ...first.slice(0, 3).map(event),
      text(1, 'Looking '),
      text(1, 'up T-7.'),
    ]);
    expect(waiting).toMatchObject({ status: 'running', text: 'Looking up T-7.', textIteration: 1, connection: 'open', answer: null });

    const holding = fold(first.slice(3).map(event), waiting);
    expect(holding).toMatchObject({
      status: 'approval_required',
      text: '',
      textIteration: null,
      pendingApproval: held,
      repliedIteration: 1,
    });

    const answering = fold([...rest.slice(0, 5).map(event), text(2, 'Ticket '), text(2, 'T-7 ')], holding);
    expect(answering.pendingApproval).toBeNull();
    expect(answering.toolCalls).toEqual([
      { callId: 'call-close', kind: 'tool', name: 'close_ticket', args: { id: 'T-7' }, iteration: 1, status: 'running' },
    ]);
    expect(answering.text).toBe('Ticket T-7 ');

    const done = fold(rest.slice(5).map(event), answering);
    expect(done).toMatchObject({ status: 'completed', text: '', answer: 'Ticket T-7 is closed.', lastSequence: 14 });
    expect(done.toolCalls).toEqual([
      expect.objectContaining({ callId: 'call-close', status: 'success', result: { closed: true }, durationMs: 2 }),
    ]);
    expect(done.events.map((item) => item.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);

    const ended = runReducer(done, { type: 'end', run: snapshot({ status: 'completed', lastSequence: 14 }) });
    expect(ended).toMatchObject({ ended: true, connection: 'closed', status: 'completed', answer: 'Ticket T-7 is closed.' });
  });

  it('keeps each stored event once, however often a reconnect delivers it, and puts a late one in its place', () => {
    const { first, rest } = ticketRun();
    const once = fold([...first, ...rest].map(event));
    const again = fold(
      [
        { type: 'connection', connection: 'reconnecting' },
        ...first.slice(2).map(event),
        { type: 'connection', connection: 'open' },
        ...rest.map(event),
      ],
      once,
    );
    expect(again.events).toEqual(once.events);
    expect(again.toolCalls).toEqual(once.toolCalls);

    const gap = fold([...first.slice(0, 3), ...first.slice(4)].map(event));
    const filled = runReducer(gap, event(first[3]!));
    expect(filled.events.map((item) => item.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(filled.status).toBe('approval_required');
    expect(runReducer(filled, event(first[3]!))).toBe(filled);
  });

  it('drops text of a reply already received, and of another run', () => {
    const { first } = ticketRun();
    const replied = fold(first.map(event));
    expect(fold([text(1, ' late piece'), { type: 'text', runId: 'run-2', piece: { iteration: 2, text: 'other' } }], replied).text).toBe('');
    expect(runReducer(replied, text(2, 'Next')).text).toBe('Next');
    expect(runReducer(replied, event(stored('status', { from: null, to: 'queued' }, 'run-2')))).toBe(replied);
    // An execution that took the run over from a stopped one may write the same iteration again.
    const reclaimed = runReducer(replied, event(stored('claimed', { owner: 'other', attempt: 2, reclaimed: true })));
    expect(runReducer(reclaimed, text(1, 'Again')).text).toBe('Again');
  });

  it('takes the answers of actions unless newer events arrived, and counts requests in flight', () => {
    const { first } = ticketRun();
    const holding = fold(first.map(event));
    const asking = runReducer(runReducer(holding, { type: 'request' }), { type: 'request' });
    expect(asking.inFlight).toBe(2);
    // An answer that knows only the first 5 events does not take back what the 6th said.
    const stale = runReducer(asking, { type: 'answered', run: snapshot({ status: 'running', lastSequence: 5 }) });
    expect(stale).toMatchObject({ status: 'approval_required', inFlight: 1, run: { lastSequence: 5 } });
    const canceled = runReducer(stale, { type: 'answered', run: snapshot({ status: 'canceled', lastSequence: 7 }) });
    expect(canceled).toMatchObject({ status: 'canceled', pendingApproval: null, inFlight: 0 });
    const refused = runReducer(runReducer(canceled, { type: 'request' }), { type: 'answered', error: 'Run "run-1" is canceled.' });
    expect(refused).toMatchObject({ error: 'Run "run-1" is canceled.', inFlight: 0, status: 'canceled' });
    expect(runReducer(refused, { type: 'request' }).error).toBeNull();
  });

  it('reads the answer of a completed run from its end when no reply carried it, and follows a new run afresh', () => {
    const ended = runReducer(initialRunState('run-1'), {
      type: 'end',
      run: snapshot({ status: 'completed', lastSequence: 9, result: { status: 'completed', result: 'All done.', iterations: 2 } }),
    });
    expect(ended).toMatchObject({ answer: 'All done.', ended: true, connection: 'closed' });
    // Opening the stream again (the run was resumed) leaves the end behind.
    expect(runReducer(ended, { type: 'connection', connection: 'connecting' })).toMatchObject({ ended: false, connection: 'connecting' });
    expect(runReducer(ended, { type: 'follow', runId: 'run-1' })).toBe(ended);
    expect(runReducer(ended, { type: 'follow', runId: 'run-2' })).toEqual(initialRunState('run-2'));
    expect(initialRunState(null).connection).toBe('closed');
  });

  it('keeps the stream open on a failure the server reported, and closed on a refused stream', () => {
    const open = runReducer(initialRunState('run-1'), { type: 'connection', connection: 'open' });
    expect(runReducer(open, { type: 'failed', error: 'store down', closed: false })).toMatchObject({
      connection: 'open',
      error: 'store down',
    });
    const refused = runReducer(open, { type: 'failed', error: 'No run "run-1".', closed: true });
    expect(refused).toMatchObject({ connection: 'closed', error: 'No run "run-1".' });
    expect(runReducer(refused, { type: 'connection', connection: 'open' }).error).toBeNull();
  });
});
