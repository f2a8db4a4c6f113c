import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One scripted answer of the model: text, or a call of one of the app's routes. */
export type ScriptedReply = { readonly text: string } | { readonly call: string; readonly arguments: Record<string, unknown> };

/** A model server on this machine that speaks the Chat Completions protocol and answers from a script. */
export interface ModelServer {
  /** The root to give as OPENAI_BASE_URL. */
  readonly baseUrl: string;
  /** The request bodies it received, oldest first. */
  readonly requests: unknown[];
  /** Replaces the replies still to give. */
  script(replies: readonly ScriptedReply[]): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

/** The server-sent events of one streamed answer, as a Chat Completions server sends them: text in pieces, or a tool call. */
function streamedAnswer(reply: ScriptedReply, index: number): string[] {
  const chunk = (delta: object, finish: string | null) =>
    JSON.stringify({ id: `answer-${index}`, object: 'chat.completion.chunk', created: 0, model: 'scripted', choices: [{ index: 0, delta, finish_reason: finish }] });
  const events: string[] = [];
  if ('text' in reply) {
    events.push(chunk({ role: 'assistant', content: '' }, null));
    for (const piece of reply.text.match(/\S+\s*/g) ?? []) events.push(chunk({ content: piece }, null));
    events.push(chunk({}, 'stop'));
  } else {
    const call = { index: 0, id: `call-${index}`, type: 'function', function: { name: reply.call, arguments: JSON.stringify(reply.arguments) } };
    events.push(chunk({ role: 'assistant', tool_calls: [call] }, null));
    events.push(chunk({}, 'tool_calls'));
  }
  events.push(JSON.stringify({ id: `answer-${index}`, object: 'chat.completion.chunk', created: 0, model: 'scripted', choices: [], usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 } }));
  return events.map((data) => `data: ${data}\n\n`).concat('data: [DONE]\n\n');
}

/** Starts the scripted model server on 127.0.0.1; each request takes the next reply of the script. */
export async function startModelServer(): Promise<ModelServer> {
  let replies: ScriptedReply[] = [];
  const requests: unknown[] = [];
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      requests.push(body);
      const reply = replies.shift();
      if (request.url !== '/v1/chat/completions' || reply === undefined) {
        response.writeHead(reply === undefined ? 500 : 404, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ error: { message: reply === undefined ? 'the script has no reply left' : `no route ${request.url}` } }));
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      for (const event of streamedAnswer(reply, requests.length)) response.write(event);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (next) => {
      replies = [...next];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
