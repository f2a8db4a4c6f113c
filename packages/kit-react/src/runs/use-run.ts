import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { initialRunState, runReducer, type RunState } from './run-reducer.js';
import { openRunEvents } from './run-event-source.js';
import { postRun, runPath, runsBase, streamFailure } from './run-requests.js';
import { endedStatuses, runEventTypes, type RunSnapshot, type RunStreamEvent, type RunTextPiece } from './run-wire.js';

/** Options of `useRun`. */
export interface UseRunOptions {
  /** Where `harnessRoutes` serves the runs, on this origin. Default `/api/runs`. */
  basePath?: string;
}

/**
 * A run as `useRun` follows it, and what a person can do to it. Each action posts to the run's route
 * and resolves with the run as the server answered, or `null` when it was refused or failed (`error`
 * then says why); it never rejects, so `onClick={() => void run.cancel()}` is enough.
 */
export interface UseRunResult extends RunState {
  /** Approves the held call (`pendingApproval`): it runs, and the run goes on. */
  approve(note?: string): Promise<RunSnapshot | null>;
  /** Denies the held call: it does not run, and the agent is told so (with the note). */
  deny(note?: string): Promise<RunSnapshot | null>;
  /** Cancels the run: at once unless it executes, else at its next control point. */
  cancel(): Promise<RunSnapshot | null>;
  /** Pauses the run at its next control point. */
  pause(): Promise<RunSnapshot | null>;
  /** Sends a paused run (or one that stopped at its iteration limit) back to work, with a message for the agent. */
  resume(message?: string): Promise<RunSnapshot | null>;
}

/** The JSON of a server-sent event, or undefined when it is not JSON. */
function dataOf(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Follows a run of `harnessRoutes` (`@kit/kit-agent`) from the browser: its stored events, the model's
 * text as it streams, its tool calls and the call it holds for a person, through an event stream on
 * `<basePath>/<runId>/events`. When the connection drops the browser reconnects on its own and gets
 * exactly the events it missed (each event is kept once, by its sequence number); the stream is closed
 * when the run ends and when the component unmounts. `null` follows nothing. On the server it renders
 * the state of a run nothing is known of yet.
 *
 * @example
 * ```tsx
 * import { useRun } from '@kit/kit-react';
 *
 * export function RunLine({ runId }: { runId: string }) {
 *   const run = useRun(runId);
 *   return (
 *     <div>
 *       <p>{run.status ?? 'connecting'}: {run.text || run.answer}</p>
 *       {run.pendingApproval && (
 *         <button type="button" onClick={() => void run.approve('Looks right')}>
 *           Approve {run.pendingApproval.tool}
 *         </button>
 *       )}
 *     </div>
 *   );
 * }
 * ```
 */
export function useRun(runId: string | null, options: UseRunOptions = {}): UseRunResult {
  return useFollowedRun(runId, runsBase(options.basePath)).run;
}

/** Whether an action's answer goes to the run's `error` (the default), or only to its caller. */
interface RequestOptions {
  quiet?: boolean;
}

/** What `useRun` returns, and the request behind its actions, for hooks built on it. */
export interface FollowedRun {
  run: UseRunResult;
  /** Posts to `<runId>/<action>`: resolves with the run as answered, or why it was refused (never rejects). */
  request(action: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<RunSnapshot | { error: string }>;
}

/** `useRun` with its request (`useAgentChat` resumes through it, to show a refused message as its own). */
export function useFollowedRun(runId: string | null, base: string): FollowedRun {
  const [state, dispatch] = useReducer(runReducer, runId, initialRunState);
  // Bumped to follow the run again after its stream ended, when an action sent it back to work.
  const [streams, setStreams] = useState(0);
  const shown = useMemo(() => (state.runId === runId ? state : initialRunState(runId)), [state, runId]);
  const latest = useRef(shown);
  useEffect(() => {
    latest.current = shown;
  });

  useEffect(() => {
    dispatch({ type: 'follow', runId });
    if (runId === null) return;
    // Opened again for the same run (it was resumed after its end): only what came after the last event.
    const after = latest.current.runId === runId ? latest.current.lastSequence : 0;
    dispatch({ type: 'connection', connection: 'connecting' });
    const source = openRunEvents(`${runPath(base, runId)}/events${after > 0 ? `?after=${after}` : ''}`);
    let stopped = false;
    source.onopen = () => dispatch({ type: 'connection', connection: 'open' });
    for (const type of runEventTypes) {
      source.addEventListener(type, (message) => {
        const event = dataOf(message) as RunStreamEvent | undefined;
        if (event !== undefined) dispatch({ type: 'event', event });
      });
    }
    source.addEventListener('text', (message) => {
      const piece = dataOf(message) as RunTextPiece | undefined;
      if (piece !== undefined) dispatch({ type: 'text', runId, piece });
    });
    source.addEventListener('end', (message) => {
      source.close();
      const run = dataOf(message) as RunSnapshot | undefined;
      if (run !== undefined) dispatch({ type: 'end', run });
    });
    source.addEventListener('error', (event) => {
      if (event instanceof MessageEvent) {
        // A failure the server reported on the stream (a problem document); the browser reconnects after it.
        const problem = dataOf(event) as { detail?: unknown } | undefined;
        const error = typeof problem?.detail === 'string' ? problem.detail : 'The event stream failed.';
        dispatch({ type: 'failed', error, closed: false });
      } else if (source.readyState === source.CONNECTING) {
        dispatch({ type: 'connection', connection: 'reconnecting' });
      } else {
        // Refused for good (an unknown run, no permission): reading the run says why.
        dispatch({ type: 'connection', connection: 'closed' });
        void streamFailure(base, runId).then((error) => {
          if (!stopped) dispatch({ type: 'failed', error, closed: true });
        });
      }
    });
    return () => {
      stopped = true;
      source.close();
    };
  }, [runId, base, streams]);

  const request = useCallback(
    async (action: string, body: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<RunSnapshot | { error: string }> => {
      const { runId: current, ended } = latest.current;
      if (current === null) {
        const error = 'No run is followed: give useRun the id of a run first.';
        if (!options.quiet) dispatch({ type: 'failed', error, closed: false });
        return { error };
      }
      dispatch({ type: 'request' });
      try {
        const run = await postRun(`${runPath(base, current)}/${action}`, body);
        dispatch({ type: 'answered', run });
        if (ended && !endedStatuses.has(run.status)) setStreams((count) => count + 1);
        return run;
      } catch (failure) {
        const error = failure instanceof Error ? failure.message : String(failure);
        dispatch({ type: 'answered', ...(options.quiet ? {} : { error }) });
        return { error };
      }
    },
    [base],
  );

  const actions = useMemo(() => {
    const send = async (action: string, body?: Record<string, unknown>) => {
      const answer = await request(action, body);
      return 'error' in answer ? null : answer;
    };
    const decide = (approved: boolean, note: string | undefined) => {
      const held = latest.current.pendingApproval;
      if (held === null) {
        dispatch({ type: 'failed', error: `The run holds no call to ${approved ? 'approve' : 'deny'}.`, closed: false });
        return Promise.resolve(null);
      }
      return send(`approvals/${encodeURIComponent(held.approvalId)}`, { approved, ...(note === undefined ? {} : { note }) });
    };
    return {
      approve: (note?: string) => decide(true, note),
      deny: (note?: string) => decide(false, note),
      cancel: () => send('cancel'),
      pause: () => send('pause'),
      resume: (message?: string) => send('resume', message === undefined ? {} : { message }),
    };
  }, [request]);

  const run = useMemo(() => ({ ...shown, ...actions }), [shown, actions]);
  return { run, request };
}
