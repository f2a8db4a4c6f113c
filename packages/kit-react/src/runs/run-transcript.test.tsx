import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { initialRunState, type RunState } from './run-reducer.js';
import { RunTranscript } from './run-transcript.js';
import type { UseRunResult } from './use-run.js';

const none = () => Promise.resolve(null);
const result = (state: Partial<RunState>): UseRunResult => ({
  ...initialRunState('run-1'),
  ...state,
  approve: none,
  deny: none,
  cancel: none,
  pause: none,
  resume: none,
});

describe('RunTranscript', () => {
  it('renders nothing while no run is followed', () => {
    expect(renderToStaticMarkup(<RunTranscript run={{ ...result({}), ...initialRunState(null) }} />)).toBe('');
  });

  it('shows a held call with real buttons, the streamed text in a polite live region, the calls, and Cancel', () => {
    const html = renderToStaticMarkup(
      <RunTranscript
        label="Ticket run"
        className="panel"
        run={result({
          status: 'approval_required',
          connection: 'reconnecting',
          text: 'Looking up T-7',
          textIteration: 1,
          toolCalls: [
            { callId: 'c1', kind: 'tool', name: 'find_ticket', args: {}, iteration: 1, status: 'success' },
            { callId: 'c2', kind: 'tool', name: 'notify', args: {}, iteration: 1, status: 'error', error: 'mail down' },
          ],
          pendingApproval: { approvalId: 'c3', kind: 'tool', tool: 'close_ticket', args: { id: 'T-7' }, reason: 'needs a person' },
        })}
      />,
    );
    expect(html).toMatch(/^<section aria-label="Ticket run" tabindex="-1" class="kit-run panel">/);
    expect(html).toContain('Status: Waiting for approval');
    expect(html).toContain('<p class="kit-run-connection" role="status">Connection: Reconnecting…</p>');
    expect(html).toContain('<div class="kit-run-text" aria-live="polite" aria-busy="true">Looking up T-7</div>');
    expect(html).toContain('<li class="kit-run-tool kit-run-tool-success">find_ticket: done</li>');
    expect(html).toContain('<li class="kit-run-tool kit-run-tool-error">notify: failed (mail down)</li>');
    expect(html).toMatch(/<div role="group" aria-labelledby="([^"]+)-title" tabindex="-1" class="kit-run-approval"><p id="\1-title"/);
    expect(html).toContain('Approval needed: close_ticket');
    expect(html).toContain('<button type="button" aria-disabled="false">Approve</button>');
    expect(html).toContain('<button type="button" aria-disabled="false">Deny</button>');
    expect(html).toContain('Cancel run</button>');
  });

  it('shows the answer once the run ended, without Cancel, and what went wrong as an alert', () => {
    const html = renderToStaticMarkup(
      <RunTranscript
        run={result({ status: 'completed', connection: 'closed', answer: 'Ticket T-7 is closed.', error: 'Run "run-1" has ended.' })}
      />,
    );
    expect(html).toContain('<div class="kit-run-text" aria-live="polite" aria-busy="false">Ticket T-7 is closed.</div>');
    expect(html).toContain('Status: Completed');
    expect(html).toContain('Connection: Closed');
    expect(html).not.toContain('Cancel run');
    expect(html).toContain('<p role="alert" class="kit-run-error">Run &quot;run-1&quot; has ended.</p>');
  });
});
