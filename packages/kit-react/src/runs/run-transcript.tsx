import { useEffect, useId, useRef, useState } from 'react';
import type { RunConnection, RunToolCall } from './run-reducer.js';
import { endedStatuses, type RunApprovalRequest, type RunStatus } from './run-wire.js';
import type { UseRunResult } from './use-run.js';

/** Props of `RunTranscript`. */
export interface RunTranscriptProps {
  /** The run to show and act on: what `useRun` returns, or `run` of `useAgentChat`. */
  run: UseRunResult;
  /** Names the region for assistive technology. Default `Agent run`. */
  label?: string;
  /** Added to the root's class names (`kit-run`). */
  className?: string;
}

const statusText: Record<RunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  paused: 'Paused',
  approval_required: 'Waiting for approval',
  completed: 'Completed',
  max_iterations: 'Stopped at its iteration limit',
  canceled: 'Canceled',
  fatal: 'Failed',
};

const connectionText: Record<RunConnection, string> = {
  connecting: 'Connecting…',
  open: 'Live',
  reconnecting: 'Reconnecting…',
  closed: 'Closed',
};

const callText: Record<RunToolCall['status'], string> = { running: 'running…', success: 'done', error: 'failed', denied: 'denied' };

/** The held call, with a note and the two decisions; it takes the focus when it appears. */
function HeldCall({ held, run, busy }: { held: RunApprovalRequest; run: UseRunResult; busy: boolean }) {
  const id = useId();
  const [note, setNote] = useState('');
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => group.current?.focus(), []);
  const decide = (approved: boolean) => {
    if (busy) return;
    const given = note.trim() === '' ? undefined : note.trim();
    void (approved ? run.approve(given) : run.deny(given));
  };
  return (
    <div ref={group} role="group" aria-labelledby={`${id}-title`} tabIndex={-1} className="kit-run-approval">
      <p id={`${id}-title`} className="kit-run-approval-title">
        Approval needed: {held.tool}
      </p>
      <p className="kit-run-approval-reason">{held.reason}</p>
      <pre className="kit-run-approval-args">{JSON.stringify(held.args, null, 2)}</pre>
      <label className="kit-run-approval-note">
        Note (optional) <input value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <button type="button" aria-disabled={busy} onClick={() => decide(true)}>
        Approve
      </button>
      <button type="button" aria-disabled={busy} onClick={() => decide(false)}>
        Deny
      </button>
    </div>
  );
}

/**
 * A run as a person follows it: its status, the connection as text, the model's text as it streams (in
 * a polite live region, announced once the reply is written), its tool calls as a list, the call it
 * holds with Approve and Deny buttons (focused when it appears), a Cancel button until it ends, and
 * what went wrong (as an alert). Unstyled: every part has a `kit-run-*` class name. It renders nothing
 * while no run is followed.
 *
 * @example
 * ```tsx
 * import { RunTranscript, useRun } from '@kit/kit-react';
 *
 * export function RunPage({ runId }: { runId: string }) {
 *   const run = useRun(runId, { basePath: '/api/runs' });
 *   return <RunTranscript run={run} label="Refund request" className="panel" />;
 * }
 * ```
 */
export function RunTranscript({ run, label = 'Agent run', className }: RunTranscriptProps) {
  const root = useRef<HTMLElement>(null);
  const held = run.pendingApproval;
  const active = run.status !== null && !endedStatuses.has(run.status);
  const busy = run.inFlight > 0;
  const streaming = run.text !== '';
  // When the control that had the focus goes (a decided call, an ended run), the focus stays here, not on the page's start.
  const controls = useRef(false);
  useEffect(() => {
    if (controls.current && document.activeElement === document.body) root.current?.focus();
    controls.current = held !== null || active;
  }, [held, active]);
  if (run.runId === null) return null;
  return (
    <section ref={root} aria-label={label} tabIndex={-1} className={className === undefined ? 'kit-run' : `kit-run ${className}`}>
      <p className="kit-run-status">
        Status: {run.status === null ? 'Starting…' : statusText[run.status]}
        {active && run.run?.requested === 'cancel' ? ' (cancel requested)' : ''}
      </p>
      <p className="kit-run-connection" role="status">
        Connection: {connectionText[run.connection]}
      </p>
      <div className="kit-run-text" aria-live="polite" aria-busy={streaming}>
        {streaming ? run.text : (run.answer ?? '')}
      </div>
      {run.toolCalls.length > 0 && (
        <ul className="kit-run-tools" aria-label="Tool calls">
          {run.toolCalls.map((call) => (
            <li key={call.callId} className={`kit-run-tool kit-run-tool-${call.status}`}>
              {call.name}: {callText[call.status]}
              {call.error === undefined ? '' : ` (${call.error})`}
            </li>
          ))}
        </ul>
      )}
      {held && <HeldCall key={held.approvalId} held={held} run={run} busy={busy} />}
      {active && (
        <button type="button" className="kit-run-cancel" aria-disabled={busy} onClick={() => void (busy ? null : run.cancel())}>
          Cancel run
        </button>
      )}
      {run.error !== null && (
        <p role="alert" className="kit-run-error">
          {run.error}
        </p>
      )}
    </section>
  );
}
