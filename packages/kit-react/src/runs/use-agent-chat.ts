import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { chatTurns, runTurns, type ChatTurn, type OutgoingMessage } from './chat-turns.js';
import type { RunState } from './run-reducer.js';
import { postRun, runsBase } from './run-requests.js';
import { useFollowedRun, type UseRunResult } from './use-run.js';

/** Options of `useAgentChat`. */
export interface UseAgentChatOptions {
  /** Where `harnessRoutes` serves the runs, on this origin. Default `/api/runs`. */
  basePath?: string;
  /** JSON kept with every run the conversation starts (read it in the harness's agent factory). */
  metadata?: Record<string, unknown>;
}

/** A conversation with an agent, one harness run after another. */
export interface UseAgentChatResult {
  /** Every turn so far: the person's messages and the agent's replies, with the calls it made. */
  turns: readonly ChatTurn[];
  /** A message is on its way, or the agent works on it (until it answers, stops or holds a call). */
  pending: boolean;
  /**
   * Why the last message did not go through: refused (empty, the agent still works or waits for a
   * decision) or refused by the server. What goes wrong with the run itself is `run.error`.
   */
  error: string | null;
  /**
   * Sends a message: the goal of a new run, or, while the current run is paused or stopped at its
   * iteration limit, a message it resumes with. Resolves `true` once the server took it, `false` when
   * it was empty, refused (the agent still works, or waits for a decision) or failed (see `error`).
   */
  send(text: string): Promise<boolean>;
  /** The current run, as `useRun` follows it, with its actions (approve, deny, cancel, pause, resume). */
  run: UseRunResult;
}

/** Statuses in which the agent works on the last message. */
const working = new Set<string>(['queued', 'running']);

/** Whether the agent works on the run's last message, or may (the run is followed and its status not known yet). */
function isWorking(run: RunState): boolean {
  return run.runId !== null && !run.ended && run.connection !== 'closed' && (run.status === null || working.has(run.status));
}
/** Statuses in which a message resumes the run instead of starting another. */
const resumable = new Set<string>(['paused', 'max_iterations']);

/**
 * A conversation with the agent of `harnessRoutes` (`@kit/kit-agent`), on top of `useRun`: `send(text)`
 * starts a run with the text as its goal, or resumes the current run with it while that run is paused
 * (or stopped at its iteration limit). The turns hold the person's messages and the agent's replies as
 * they stream, with its tool calls; a run that holds a call waits for `run.approve()` or `run.deny()`.
 * A message sent after a run completed starts a new run, which knows only its own goal.
 *
 * @example
 * ```tsx
 * import { useState } from 'react';
 * import { RunTranscript, useAgentChat } from '@kit/kit-react';
 *
 * export function SupportChat() {
 *   const chat = useAgentChat({ metadata: { channel: 'web' } });
 *   const [draft, setDraft] = useState('');
 *   return (
 *     <div>
 *       <ol>
 *         {chat.turns.map((turn) => (
 *           <li key={turn.id}>{turn.role === 'user' ? 'You' : 'Agent'}: {turn.text}</li>
 *         ))}
 *       </ol>
 *       <RunTranscript run={chat.run} />
 *       <form onSubmit={(event) => { event.preventDefault(); void chat.send(draft).then((sent) => sent && setDraft('')); }}>
 *         <label>Message <input value={draft} onChange={(event) => setDraft(event.target.value)} /></label>
 *         <button type="submit" disabled={chat.pending}>Send</button>
 *       </form>
 *     </div>
 *   );
 * }
 * ```
 */
export function useAgentChat(options: UseAgentChatOptions = {}): UseAgentChatResult {
  const base = runsBase(options.basePath);
  const metadata = useRef(options.metadata);
  const [current, setCurrent] = useState<{ runId: string; goal: string } | null>(null);
  const [earlier, setEarlier] = useState<readonly ChatTurn[]>([]);
  const [outgoing, setOutgoing] = useState<OutgoingMessage | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { run, request } = useFollowedRun(current?.runId ?? null, base);
  const latest = useRef({ run, current, sending });
  useEffect(() => {
    metadata.current = options.metadata;
    latest.current = { run, current, sending };
  });

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      const { run: following, current: conversation, sending: busy } = latest.current;
      const status = following.runId === null ? null : following.status;
      const refusal =
        message === ''
          ? 'Write a message first.'
          : busy || isWorking(following)
            ? 'The agent is still working on the last message: wait for its answer, or cancel the run.'
            : status === 'approval_required'
              ? 'The agent waits for a decision on the call it holds: approve or deny it first.'
              : null;
      if (refusal !== null) {
        setFailure(refusal);
        return false;
      }
      setFailure(null);
      setSending(true);
      latest.current.sending = true;
      try {
        if (conversation !== null && status !== null && resumable.has(status)) {
          setOutgoing({ text: message, runId: conversation.runId, after: following.lastSequence });
          // The message's failure is the conversation's to show, not the run's.
          const resumed = await request('resume', { message }, { quiet: true });
          if ('error' in resumed) {
            setOutgoing(null);
            setFailure(resumed.error);
            return false;
          }
          return true;
        }
        setOutgoing({ text: message, runId: null, after: 0 });
        const body = { goal: message, ...(metadata.current === undefined ? {} : { metadata: metadata.current }) };
        const started = await postRun(base, body).catch((error: unknown) => {
          setFailure(error instanceof Error ? error.message : String(error));
          return null;
        });
        setOutgoing(null);
        if (started === null) return false;
        // The run that ends here keeps its turns as they stand; the new one is followed from its start.
        const { current: previous, run: previousRun } = latest.current;
        if (previous !== null) setEarlier((turns) => [...turns, ...runTurns(previous.goal, previousRun)]);
        setCurrent({ runId: started.id, goal: message });
        return true;
      } finally {
        latest.current.sending = false;
        setSending(false);
      }
    },
    [base, request],
  );

  const turns = useMemo(() => chatTurns(earlier, current?.goal ?? null, run, outgoing), [earlier, current, run, outgoing]);
  const pending = sending || isWorking(run);
  return useMemo(() => ({ turns, pending, error: failure, send, run }), [turns, pending, failure, send, run]);
}
