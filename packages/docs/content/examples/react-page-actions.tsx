// ---
// title: A page with form actions, and a test that posts to it
// description: A tickets page that exports actions made with defineAction - rename checks its fields with a zod schema and returns data the page shows with useActionData, archive answers with redirect() - and posts three forms to it through renderPage as a browser without JavaScript would, printing the 200, the 400 with the field error and the 303 with its Location.
// topics: [react, routing, testing]
// relatedDocs: /docs/react-shell#actions
// ---
// app/routes/tickets/index.page.tsx, followed by the few lines a test needs to post a form to it.
// The pragma is for running this file as a script; an app's tsconfig.json sets "jsx": "react-jsx".
/** @jsxRuntime automatic */
import { z } from 'zod';
import type { KitContext } from '@kit/kit-core';
import { defineAction, Form, redirect, useActionData, useLoaderData } from '@kit/kit-react';
import { renderPage } from '@kit/kit-react/server';

// A real page reads and writes its database here, or calls the app's API routes with `call`.
const tickets = [{ id: '1', title: 'Printer on fire', archived: false }];

export async function loader() {
  return { tickets: tickets.filter((ticket) => !ticket.archived).map(({ id, title }) => ({ id, title })) };
}

export const actions = {
  rename: defineAction({
    // Fields arrive as text: an empty one is absent, and numbers need z.coerce.
    input: z.object({ id: z.coerce.number().int(), title: z.string().trim().min(3, 'Give at least 3 characters.') }),
    handler: async ({ input }) => {
      const ticket = tickets.find((candidate) => candidate.id === String(input.id));
      if (ticket) ticket.title = input.title;
      return { renamed: input.title };
    },
  }),
  archive: defineAction({
    input: z.object({ id: z.string() }),
    handler: async ({ input }) => {
      const ticket = tickets.find((candidate) => candidate.id === input.id);
      if (ticket) ticket.archived = true;
      // A 303 to the list: reloading the next page does not post the form again.
      return redirect('/tickets?archived=1');
    },
  }),
};

export default function TicketsPage() {
  const { tickets: shown } = useLoaderData<Awaited<ReturnType<typeof loader>>>();
  const renamed = useActionData<typeof actions.rename>('rename');
  // After bad input, the page is rendered again with what was sent, so the input keeps its text.
  const sent = renamed?.status === 'invalid' ? renamed.values : {};
  return (
    <main>
      <h1>Tickets</h1>
      {renamed?.status === 'done' ? <p role="status">{`Renamed to ${renamed.data.renamed}`}</p> : null}
      {shown.map((ticket) => (
        <section key={ticket.id}>
          <Form action="rename">
            <input type="hidden" name="id" value={ticket.id} />
            <input name="title" aria-label="Title" defaultValue={typeof sent.title === 'string' ? sent.title : ticket.title} />
            {renamed?.status === 'invalid' && renamed.fieldErrors.title ? <p role="alert">{renamed.fieldErrors.title}</p> : null}
            <button type="submit">Rename</button>
          </Form>
          <Form action="archive">
            <input type="hidden" name="id" value={ticket.id} />
            <button type="submit">Archive</button>
          </Form>
        </section>
      ))}
    </main>
  );
}

// A test posts a form to the page as a browser with JavaScript off does, and reads the answer.
async function post(fields: Record<string, string>): Promise<Response> {
  const request = new Request('http://127.0.0.1/tickets', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const ctx: KitContext = { requestId: 'test', authType: 'human', request, auth: { subject: 'user:ada', method: 'session', permissions: [] } };
  return renderPage({
    request,
    ctx,
    params: {},
    layouts: [],
    page: { file: 'tickets/index.page.tsx', url: '/_kit/tickets.js', module: { default: TicketsPage, loader, actions } },
    notFound: null,
    loading: null,
    error: null,
    assets: { clientEntry: '/_kit/entry.js', styles: [] },
  });
}

const textOf = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? '(not found)';

const done = await post({ 'kit-action': 'rename', id: '1', title: 'Printer out of toner' });
console.log(done.status, textOf(await done.text(), /<p role="status">(.*?)<\/p>/)); // 200 Renamed to Printer out of toner

const invalid = await post({ 'kit-action': 'rename', id: '1', title: 'ab' });
console.log(invalid.status, textOf(await invalid.text(), /<p role="alert">(.*?)<\/p>/)); // 400 Give at least 3 characters.

const moved = await post({ 'kit-action': 'archive', id: '1' });
console.log(moved.status, moved.headers.get('location'), moved.headers.get('cache-control')); // 303 /tickets?archived=1 no-store
