import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKitApp, defineAPI, definePolicy, KitError, type KitContext } from '@kit/kit-core';
import { Form } from '../components/form.js';
import { useActionData } from '../components/use-action-data.js';
import { useLoaderData } from '../components/use-loader-data.js';
import { defineAction, redirect } from '../actions/define-action.js';
import type { ErrorPageProps, PageModule } from '../modules/types.js';
import type { BootstrapState, NavigationPayload } from '../state/state.js';
import type { RenderErrorInfo } from './options.js';
import { renderPage } from './render-page.js';

// The app's API: the page's actions call it as the person who sent the form.
const tickets: { id: string; title: string }[] = [];
const app = createKitApp({
  routes: {
    'POST /api/tickets': defineAPI({
      description: 'Opens a ticket.',
      input: z.strictObject({ title: z.string().min(3, 'is too short; give at least 3 characters') }),
      handler: async ({ input }) => {
        const ticket = { id: String(tickets.length + 1), title: input.title };
        tickets.push(ticket);
        return ticket;
      },
    }),
    'POST /api/tickets/:id/close': defineAPI({
      description: 'Closes a ticket.',
      input: z.strictObject({ id: z.string() }),
      policy: 'closing-needs-approval',
      handler: async ({ input }) => ({ closed: input.id }),
    }),
  },
  policies: [
    definePolicy({
      key: 'closing-needs-approval',
      title: 'Closing needs approval',
      effect: 'approve',
      check: async () => ({ applies: true }),
    }),
  ],
});

const actions = {
  rename: defineAction({
    input: z.object({ title: z.string().min(3, 'Give at least 3 characters.'), note: z.string().optional() }),
    handler: async ({ input }) => ({ renamed: input.title, note: input.note ?? null }),
  }),
  open: defineAction({
    input: z.object({ title: z.string() }),
    handler: async ({ input, call }) => {
      const ticket = await call<{ id: string }>('POST /api/tickets', input);
      return redirect(`/tickets/${ticket.id}`);
    },
  }),
  close: defineAction({ handler: async ({ call }) => call('POST /api/tickets/:id/close', { id: '1' }) }),
  conflict: defineAction({
    handler: async () => {
      throw new KitError('conflict', 'The ticket is already closed.');
    },
  }),
  crash: defineAction({
    handler: async () => {
      throw new Error('database password is hunter2');
    },
  }),
  badCall: defineAction({ handler: async ({ call }) => call('POST /api/nowhere') }),
  date: defineAction({ handler: async () => ({ when: new Date(0) }) }),
};

function TicketsPage() {
  const { count } = useLoaderData<{ count: number }>();
  const result = useActionData<typeof actions.rename>('rename');
  const values = result?.status === 'invalid' ? result.values : {};
  return (
    <main>
      <p id="count">{count} tickets</p>
      {result?.status === 'done' ? <p id="renamed">{result.data.renamed}</p> : null}
      {result?.status === 'invalid' ? <p id="title-error">{result.fieldErrors.title}</p> : null}
      <Form action="rename">
        <input name="title" defaultValue={typeof values.title === 'string' ? values.title : ''} />
        <button type="submit">Rename</button>
      </Form>
    </main>
  );
}

function AnyResult() {
  const result = useActionData();
  return <pre id="result">{JSON.stringify(result)}</pre>;
}

function ErrorView({ error }: ErrorPageProps) {
  return <p id="error-view">{`${error.status} ${error.code}: ${error.message}`}</p>;
}

const page = (module: PageModule) => ({ file: 'tickets.page.tsx', url: '/_kit/tickets.js', module });
const ticketsPage = page({ default: TicketsPage, loader: async () => ({ count: tickets.length }), actions });

function post(
  fields: Record<string, string>,
  options: { navigation?: boolean; type?: string; module?: ReturnType<typeof page>; reports?: [unknown, RenderErrorInfo][] } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': options.type ?? 'application/x-www-form-urlencoded' };
  if (options.navigation) headers['Kit-Navigation'] = '1';
  const request = new Request('http://127.0.0.1/tickets', { method: 'POST', headers, body: new URLSearchParams(fields).toString() });
  const ctx: KitContext = { requestId: 'r', authType: 'human', request, auth: { subject: 'user:ada', method: 'session', permissions: [] } };
  return renderPage({
    request,
    ctx,
    params: {},
    layouts: [],
    page: options.module ?? ticketsPage,
    notFound: null,
    loading: null,
    error: { file: '_error.tsx', url: '/_kit/error.js', module: { default: ErrorView } },
    assets: { clientEntry: '/e.js', styles: [] },
    registry: app.registry,
    onError: (error, info) => options.reports?.push([error, info]),
  });
}

function stateOf(html: string): BootstrapState {
  const match = /<script type="application\/json" id="kit-state"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error(`no kit-state in ${html}`);
  return JSON.parse(match[1]!) as BootstrapState;
}

describe('page actions', () => {
  it('runs the named action and renders the page with its answer, the loaders run after it', async () => {
    const response = await post({ 'kit-action': 'rename', title: 'Printer on fire', note: '' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('<p id="renamed">Printer on fire</p>');
    expect(html).toContain('<input type="hidden" name="kit-action" value="rename"/>');
    expect(stateOf(html).action).toEqual({ action: 'rename', status: 'done', data: { renamed: 'Printer on fire', note: null } });
  });

  it('answers bad fields with 400, each field error and the values sent, never running the handler', async () => {
    const response = await post({ 'kit-action': 'rename', title: 'ab' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<p id="title-error">Give at least 3 characters.</p>');
    expect(html).toContain('value="ab"');
    expect(stateOf(html).action).toEqual({
      action: 'rename',
      status: 'invalid',
      fieldErrors: { title: 'Give at least 3 characters.' },
      formError: null,
      values: { title: 'ab' },
    });
  });

  it('redirects after an action that returns redirect(), as 303 for the browser and as JSON for Form', async () => {
    const before = tickets.length;
    const response = await post({ 'kit-action': 'open', title: 'Broken chair' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/tickets/${before + 1}`);
    const sent = await post({ 'kit-action': 'open', title: 'Broken lamp' }, { navigation: true });
    expect(await sent.json()).toEqual({ kit: 1, redirect: `/tickets/${before + 2}` });
    // The loaders of the page the next request renders see both tickets.
    expect(tickets.slice(-2).map((ticket) => ticket.title)).toEqual(['Broken chair', 'Broken lamp']);
  });

  it("shows a route's refusal of the action's input as field errors", async () => {
    const response = await post({ 'kit-action': 'open', title: 'ab' });
    expect(response.status).toBe(400);
    expect(stateOf(await response.text()).action).toMatchObject({
      status: 'invalid',
      fieldErrors: { title: 'is too short; give at least 3 characters' },
      values: { title: 'ab' },
    });
  });

  it('shows that a call held by an approve policy waits for approval (202)', async () => {
    const response = await post({ 'kit-action': 'close' }, { module: page({ default: AnyResult, actions }) });
    expect(response.status).toBe(202);
    const { action } = stateOf(await response.text());
    expect(action).toMatchObject({ action: 'close', status: 'held', approval: { status: 'pending', policy: 'closing-needs-approval' } });
  });

  it("shows the route's error view with the status of an action that throws, and reports what is not a KitError", async () => {
    const conflict = await post({ 'kit-action': 'conflict' });
    expect(conflict.status).toBe(409);
    expect(await conflict.text()).toContain('409 conflict: The ticket is already closed.');
    const reports: [unknown, RenderErrorInfo][] = [];
    const crash = await post({ 'kit-action': 'crash' }, { reports });
    expect(crash.status).toBe(500);
    const html = await crash.text();
    expect(html).not.toContain('hunter2');
    expect(reports.map(([, info]) => info)).toEqual([{ phase: 'action', file: 'tickets.page.tsx' }]);
  });

  it('names the mistake when the form names no action of the page, or is not a form', async () => {
    const unknown = await post({ 'kit-action': 'delete' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(
      'tickets.page.tsx has no action &quot;delete&quot;; the actions of tickets.page.tsx are &quot;rename&quot;, &quot;open&quot;',
    );
    const json = await post({}, { type: 'application/json' });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain('take HTML form posts');
  });

  it('answers a Form sent with JavaScript with the navigation payload and the result', async () => {
    const response = await post({ 'kit-action': 'rename', title: 'ab' }, { navigation: true });
    expect(response.status).toBe(400);
    const payload = (await response.json()) as NavigationPayload;
    expect(payload.action).toMatchObject({ action: 'rename', status: 'invalid' });
    expect(payload.levels[0]?.data).toEqual({ count: tickets.length });
  });

  it('fails with a clear message for a call to a route the app does not have, or data that is not JSON', async () => {
    const reports: [unknown, RenderErrorInfo][] = [];
    expect((await post({ 'kit-action': 'badCall' }, { reports })).status).toBe(500);
    expect(String(reports[0]?.[0])).toContain('called "POST /api/nowhere", which is no API route of the app');
    expect((await post({ 'kit-action': 'date' }, { reports })).status).toBe(500);
    expect(String(reports[1]?.[0])).toContain('The action "date" of tickets.page.tsx returned data that is not JSON: data.when is a Date');
  });

  it('refuses a page whose actions export is not made of actions, naming the file and the fix', async () => {
    const response = post({}, { module: page({ default: AnyResult, actions: { broken: {} as never } }) });
    await expect(response).rejects.toThrow(
      'renderPage(): actions.broken of tickets.page.tsx is not an action; make it with defineAction({ input, handler }).',
    );
  });
});
