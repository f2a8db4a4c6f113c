import { createServer, type Server } from 'node:http';

/**
 * One answer of the scripted model: text streamed in `pieces`, or a call of a tool. `before` holds the
 * answer back; `between` holds the pieces after the first, so a test sees the text arrive in parts.
 */
export interface GatedReply {
  readonly pieces?: readonly string[];
  /** `arguments` may be a function, read when the answer is sent (for ids the test learns later). */
  readonly call?: { readonly name: string; readonly arguments: Record<string, unknown> | (() => Record<string, unknown>) };
  readonly before?: Promise<void>;
  readonly between?: Promise<void>;
}

/** A Chat Completions server on 127.0.0.1 answering, in order, from a script whose answers wait for the test's gates. */
export interface GatedModelServer {
  /** The root to give as OPENAI_BASE_URL. */
  readonly baseUrl: string;
  /** Requests answered so far. */
  readonly answered: number;
  close(): Promise<void>;
}

/** A gate a test opens. */
export function gate(): { readonly opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function chunk(index: number, delta: object, finish: string | null): string {
  const body = {
    id: `answer-${index}`,
    object: 'chat.completion.chunk',
    created: 0,
    model: 'scripted',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/** Starts the server; each request takes the next reply (a 500 once the script is used up). */
export async function startGatedModelServer(replies: GatedReply[]): Promise<GatedModelServer> {
  let answered = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.once('end', () => {
      const reply = replies.shift();
      answered += 1;
      const index = answered;
      if (reply === undefined) {
        response
          .writeHead(500, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'the script has no reply left' } }));
        return;
      }
      void (async () => {
        await reply.before;
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        response.write(chunk(index, { role: 'assistant', content: '' }, null));
        const pieces = reply.pieces ?? [];
        for (const [at, piece] of pieces.entries()) {
          if (at === 1) await reply.between;
          response.write(chunk(index, { content: piece }, null));
        }
        if (reply.call) {
          const call = {
            index: 0,
            id: `call-${index}`,
            type: 'function',
            function: {
              name: reply.call.name,
              arguments: JSON.stringify(typeof reply.call.arguments === 'function' ? reply.call.arguments() : reply.call.arguments),
            },
          };
          response.write(chunk(index, { tool_calls: [call] }, null));
        }
        response.write(chunk(index, {}, reply.call ? 'tool_calls' : 'stop'));
        response.end('data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get answered() {
      return answered;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
