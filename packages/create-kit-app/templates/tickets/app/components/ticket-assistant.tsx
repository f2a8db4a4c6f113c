import { RunTranscript, useRouter, useRun } from '@kit/kit-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { AssistantView } from '../lib/assistant.js';
import { callApi } from '../lib/call-api.js';

const runsPath = '/api/assistant/runs';

// The assistant beside a ticket: the person asks, and watches the run as it happens (the model's text as
// it is written, each call it makes); a close it asks for waits for an admin, who can approve it here.
// The run goes on on the server when the page is closed or the connection drops; the page follows it
// again from where it was.
export function TicketAssistant({ ticketId, assistant }: { readonly ticketId: string; readonly assistant: AssistantView }) {
  const router = useRouter();
  const [runId, setRunId] = useState<string | null>(assistant.lastRunId);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useRun(runId, { basePath: runsPath });

  // A run that ended may have changed the ticket (closed it): show the ticket as it is now.
  const ended = run.ended;
  useEffect(() => {
    if (ended) void router.refresh();
  }, [ended]);

  if (!assistant.ready) {
    return (
      <section className="card" aria-labelledby="assistant-title">
        <h2 id="assistant-title">Assistant</h2>
        <p className="muted" data-testid="assistant-setup">{assistant.howToConfigure}</p>
      </section>
    );
  }

  async function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = String(new FormData(event.currentTarget).get('request') ?? '').trim();
    setBusy(true);
    setProblem(null);
    const answer = await callApi<{ id: string }>('POST', runsPath, { goal: `Ticket ${ticketId}: ${request}`, metadata: { ticketId } });
    setBusy(false);
    if (answer.body) setRunId(answer.body.id);
    else setProblem(answer.problem);
  }

  const running = runId !== null && !run.ended;
  return (
    <section className="card assistant" aria-labelledby="assistant-title">
      <h2 id="assistant-title">Assistant</h2>
      <form onSubmit={ask} className="stacked">
        {problem ? <p role="alert" className="alert">{problem}</p> : null}
        <label>
          Ask the assistant
          <textarea name="request" rows={2} required maxLength={2000} defaultValue="Suggest a priority and a reply to the requester." />
        </label>
        <button type="submit" disabled={busy || running}>Ask</button>
      </form>
      <RunTranscript run={run} label="Assistant run" className="assistant-run" />
    </section>
  );
}
