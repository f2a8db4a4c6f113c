import type { RunApprovalRequest, RunSnapshot, RunStatus, RunStreamEvent, RunTextPiece } from './run-wire.js';

/**
 * How the event stream of a run is doing: `connecting` the first time, `open` while events flow,
 * `reconnecting` after the connection dropped (the browser tries again on its own), `closed` once the
 * run ended, the stream could not be opened, or no run is followed.
 */
export type RunConnection = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** A tool or task call of a run: `running` from its `call_started` event until its `call_finished` one. */
export interface RunToolCall {
  callId: string;
  kind: 'tool' | 'task';
  name: string;
  args: unknown;
  iteration: number;
  status: 'running' | 'success' | 'error' | 'denied';
  result?: unknown;
  error?: string;
  durationMs?: number;
}

/** What `useRun` knows of a run, folded from its events by `runReducer`. */
export interface RunState {
  /** The run followed, or null. */
  runId: string | null;
  /** Null until the first event or answer about the run. */
  status: RunStatus | null;
  /** The run as the routes last answered it (an action's answer, the stream's `end`). */
  run: RunSnapshot | null;
  /** The stored events, in sequence order, each once. */
  events: readonly RunStreamEvent[];
  /** The sequence number of the last stored event received (0 before the first). */
  lastSequence: number;
  /** The text of the model call under way as it streams; empty once its `model_call` event arrived. */
  text: string;
  /** The iteration `text` belongs to. */
  textIteration: number | null;
  /** The last iteration whose `model_call` arrived: later text of it or of earlier ones is stale. */
  repliedIteration: number;
  /** The text of the last reply that was the answer (`finalAnswer`), or the result of the completed run. */
  answer: string | null;
  /** The calls of the run, by first start. */
  toolCalls: readonly RunToolCall[];
  /** The call the run holds for a person, while it holds it. */
  pendingApproval: RunApprovalRequest | null;
  connection: RunConnection;
  /** The stream sent `end`: the run ended and nothing more comes unless it is resumed. */
  ended: boolean;
  /** How many actions (approve, cancel, ...) wait for their answer. */
  inFlight: number;
  /** What went wrong last (an action refused, the stream unavailable), as the server put it. */
  error: string | null;
}

/** What changes a run's state: the stream's events and the answers of actions. */
export type RunAction =
  /** Follow this run: a fresh state, unless it is the run already followed. */
  | { type: 'follow'; runId: string | null }
  | { type: 'connection'; connection: RunConnection }
  | { type: 'event'; event: RunStreamEvent }
  | { type: 'text'; runId: string; piece: RunTextPiece }
  /** The stream's `end`: the run ended, as it stands now. */
  | { type: 'end'; run: RunSnapshot }
  /** The stream could not be opened, or the server reported a failure on it. */
  | { type: 'failed'; error: string; closed: boolean }
  | { type: 'request' }
  /** An action was answered: the run as it stands after it, or why it was refused. */
  | { type: 'answered'; run?: RunSnapshot; error?: string };

/** The state of a run before anything is known of it. */
export function initialRunState(runId: string | null): RunState {
  return {
    runId,
    status: null,
    run: null,
    events: [],
    lastSequence: 0,
    text: '',
    textIteration: null,
    repliedIteration: 0,
    answer: null,
    toolCalls: [],
    pendingApproval: null,
    connection: runId === null ? 'closed' : 'connecting',
    ended: false,
    inFlight: 0,
    error: null,
  };
}

/** The calls with `call` put in place of the one with its id, or added. */
function withCall(calls: readonly RunToolCall[], call: RunToolCall): RunToolCall[] {
  const index = calls.findIndex((known) => known.callId === call.callId);
  return index < 0 ? [...calls, call] : calls.map((known, at) => (at === index ? call : known));
}

/** Where an event of this sequence number goes among the sorted events, or -1 when it is there already. */
function insertionIndex(events: readonly RunStreamEvent[], sequence: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const known = events[middle]!.sequence;
    if (known === sequence) return -1;
    if (known < sequence) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** What a stored event changes besides the list of events. */
function applyEvent(state: RunState, event: RunStreamEvent): RunState {
  switch (event.type) {
    case 'status':
      return {
        ...state,
        status: event.data.to,
        // A run that leaves approval_required (decided, canceled) holds no call any more.
        pendingApproval: event.data.to === 'approval_required' ? state.pendingApproval : null,
      };
    case 'claimed':
      // An execution that took over from a stopped one may redo iterations: their text is new again.
      return event.data.reclaimed ? { ...state, repliedIteration: 0 } : state;
    case 'model_call': {
      const replied = event.data.iteration;
      const stale = state.textIteration !== null && state.textIteration <= replied;
      return {
        ...state,
        repliedIteration: Math.max(state.repliedIteration, replied),
        text: stale ? '' : state.text,
        textIteration: stale ? null : state.textIteration,
        answer: event.data.finalAnswer ? event.data.text : state.answer,
      };
    }
    case 'call_started': {
      const { callId, kind, name, args, iteration } = event.data;
      return { ...state, toolCalls: withCall(state.toolCalls, { callId, kind, name, args, iteration, status: 'running' }) };
    }
    case 'call_finished': {
      const { callId, kind, name, args, iteration, status, result, error, durationMs } = event.data;
      const call: RunToolCall = {
        callId,
        kind,
        name,
        args,
        iteration,
        status,
        durationMs,
        ...(result === undefined ? {} : { result }),
        ...(error === undefined ? {} : { error }),
      };
      return { ...state, toolCalls: withCall(state.toolCalls, call) };
    }
    case 'approval_requested':
      return { ...state, pendingApproval: event.data };
    case 'approval_decided':
      return state.pendingApproval?.approvalId === event.data.approvalId ? { ...state, pendingApproval: null } : state;
    default:
      return state;
  }
}

/** The state with a snapshot of the run, which says where it stands unless events newer than it arrived. */
function withSnapshot(state: RunState, run: RunSnapshot): RunState {
  if (run.id !== state.runId || (state.run !== null && run.lastSequence < state.run.lastSequence)) return state;
  const current = run.lastSequence >= state.lastSequence;
  const completedWith = run.status === 'completed' && typeof run.result?.result === 'string' ? run.result.result : null;
  return {
    ...state,
    run,
    ...(current ? { status: run.status, pendingApproval: run.pendingApproval ?? null } : {}),
    answer: state.answer ?? completedWith,
  };
}

/**
 * Folds what happens to a run into its state: stored events (each once, by sequence number, however
 * often a reconnect delivers them), the model's text as it streams, the stream's end and connection,
 * and the answers of actions. Pure: the same state and action always give the same new state.
 */
export function runReducer(state: RunState, action: RunAction): RunState {
  switch (action.type) {
    case 'follow':
      return action.runId === state.runId ? state : initialRunState(action.runId);
    case 'connection':
      // Opening the stream again (a resumed run) leaves the end behind.
      return {
        ...state,
        connection: action.connection,
        ended: state.ended && action.connection === 'closed',
        ...(action.connection === 'open' ? { error: null } : {}),
      };
    case 'event': {
      const { event } = action;
      if (event.runId !== state.runId) return state;
      if (event.sequence > state.lastSequence) {
        return applyEvent({ ...state, events: [...state.events, event], lastSequence: event.sequence }, event);
      }
      // An older event missing from the list (never sent out of order by the routes, but kept if it is).
      const index = insertionIndex(state.events, event.sequence);
      if (index < 0) return state;
      const events = [...state.events.slice(0, index), event, ...state.events.slice(index)];
      return event.type === 'call_started' || event.type === 'call_finished'
        ? applyEvent({ ...state, events }, event)
        : { ...state, events };
    }
    case 'text': {
      const { runId, piece } = action;
      if (runId !== state.runId || piece.iteration <= state.repliedIteration) return state;
      return piece.iteration === state.textIteration
        ? { ...state, text: state.text + piece.text }
        : { ...state, text: piece.text, textIteration: piece.iteration };
    }
    case 'end': {
      if (action.run.id !== state.runId) return state;
      return { ...withSnapshot(state, action.run), ended: true, connection: 'closed', text: '', textIteration: null };
    }
    case 'failed':
      return { ...state, error: action.error, ...(action.closed ? { connection: 'closed' as const } : {}) };
    case 'request':
      return { ...state, inFlight: state.inFlight + 1, error: null };
    case 'answered': {
      const answered = {
        ...state,
        inFlight: Math.max(0, state.inFlight - 1),
        ...(action.error === undefined ? {} : { error: action.error }),
      };
      return action.run === undefined ? answered : withSnapshot(answered, action.run);
    }
  }
}
