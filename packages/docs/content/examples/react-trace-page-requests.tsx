// ---
// title: A page's own requests in the page's trace
// description: A ticket page's close button whose fetch sends pageTraceHeaders(), so that when the app traces with OpenTelemetry the close request joins the trace of the request that rendered the page, beside the navigations and run streams kit-react already sends it with.
// topics: [react, operations]
// relatedDocs: /docs/kit-react#pagetraceheaders
// ---
// app/routes/tickets/[id]/close-button.tsx: used by the ticket page
import { pageTraceHeaders, useRouter } from '@kit/kit-react';
import { useState } from 'react';

export function CloseButton({ ticketId }: { readonly ticketId: string }) {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);

  async function close() {
    const response = await fetch(`/api/tickets/${encodeURIComponent(ticketId)}/close`, {
      method: 'POST',
      // traceparent (and tracestate) from the page's head; nothing when the app does not trace.
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...pageTraceHeaders() },
      credentials: 'same-origin',
      body: JSON.stringify({ resolution: 'Fixed on site.' }),
    });
    if (response.ok) {
      setProblem(null);
      // The refresh of the page's data sends the same trace context.
      await router.refresh();
    } else {
      setProblem(`The ticket could not be closed (${response.status}).`);
    }
  }

  return (
    <div>
      {problem ? <p role="alert">{problem}</p> : null}
      <button type="button" onClick={() => void close()}>
        Close ticket
      </button>
    </div>
  );
}
