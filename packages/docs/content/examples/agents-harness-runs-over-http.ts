// ---
// title: Starting a durable run over HTTP and following it as Server-Sent Events
// description: Serves a harness through harnessRoutes in a kit app on loopback, starts a run with a POST, follows its events as Server-Sent Events with the model's streamed text, drops the connection part way and reconnects with Last-Event-ID without missing or repeating an event.
// topics: [agents, ai-toolkit]
// relatedDocs: /docs/kit-agent#harnessroutes
// ---
import { createKitApp } from '@kit/kit-core';
import { createHarness, MemoryRunStore, type LLMProvider, type LLMStreamChunk } from '@kit/kit-ai';
import { harnessRoutes } from '@kit/kit-agent';

// A scripted model that streams its answer in pieces.
const llm: LLMProvider = {
  name: 'scripted',
  chat: async () => ({ content: 'Streams only.', model: 'scripted-1' }),
  async *stream(): AsyncIterable<LLMStreamChunk> {
    for (const text of ['Ticket T-7 ', 'is about ', 'a refund.']) yield { type: 'text', text };
    yield { type: 'done', model: 'scripted-1' };
  },
};

const harness = createHarness({ store: new MemoryRunStore(), agent: { llm, tools: [] } });
// A demo on loopback: anyone may start and read runs. A real app passes `owner: (ctx) => ctx.auth?.subject`
// (each run belongs to the person who started it) and a policy.
const app = createKitApp({ routes: harnessRoutes(harness, { basePath: '/api/runs', allowAnyone: true }) });
const server = await app.listen({ port: 0 });
const base = `http://127.0.0.1:${server.port}`;

/** Reads server-sent events until `stop` says so or the stream ends; returns them as { id, event, data }. */
async function follow(url: string, headers: Record<string, string>, stop: (event: string) => boolean) {
  const response = await fetch(url, { headers });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { id?: string; event: string; data: unknown }[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(':')) continue; // a keep-alive comment
      const field = (name: string) => block.split('\n').find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      const id = field('id');
      events.push({ ...(id === undefined ? {} : { id }), event: field('event') ?? 'message', data: JSON.parse(field('data') ?? 'null') });
      if (stop(events.at(-1)!.event)) {
        await reader.cancel(); // the run goes on without us
        return events;
      }
    }
  }
}

const started = await fetch(`${base}/api/runs`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ goal: 'What is ticket T-7 about?' }),
});
const run = (await started.json()) as { id: string };
console.log(started.status, started.headers.get('location'));

// Follow until the run is claimed, then drop the connection.
const first = await follow(`${base}/api/runs/${run.id}/events`, {}, (event) => event === 'claimed');
const lastId = first.filter((event) => event.id !== undefined).at(-1)!.id!;

// Reconnect after the last event seen, as a browser's EventSource does on its own.
const rest = await follow(`${base}/api/runs/${run.id}/events`, { 'Last-Event-ID': lastId }, () => false);
const ids = [...first, ...rest].filter((event) => event.id !== undefined).map((event) => Number(event.id));
console.log('event ids', ids.join(' '));
console.log('ended with', rest.at(-1)?.event, (rest.at(-1)?.data as { status: string }).status);

if (ids.some((id, index) => id !== index + 1) || rest.at(-1)?.event !== 'end') throw new Error('events were missed or repeated');
await harness.close();
await server.close();
