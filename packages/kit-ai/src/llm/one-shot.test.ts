import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { KitAIError, isKitAIError } from '../errors/kit-ai-error.js';
import { generate, generateStream, think, thinkStream, type ThinkStreamEvent } from './one-shot.js';
import type { LLMMessage, LLMOptions, LLMProvider, LLMResponse, LLMStreamChunk } from './types.js';

interface Recorded {
  messages: LLMMessage[];
  options: LLMOptions | undefined;
}

/** A provider answering with prepared replies, in order, and recording what it was sent. */
function scripted(replies: string[]): LLMProvider & { calls: Recorded[] } {
  const calls: Recorded[] = [];
  return {
    name: 'scripted',
    calls,
    async chat(messages, options): Promise<LLMResponse> {
      calls.push({ messages, options });
      const content = replies.shift();
      if (content === undefined) throw new Error('scripted: no reply left');
      return { content, model: 'scripted-1' };
    },
  };
}

/** A provider that streams prepared chunks; `hangAfter` makes it wait forever after that many chunks. */
function streaming(chunks: LLMStreamChunk[], hangAfter?: number): LLMProvider & { calls: Recorded[]; closed: () => boolean } {
  const calls: Recorded[] = [];
  let closed = false;
  return {
    name: 'streaming',
    calls,
    closed: () => closed,
    async chat(): Promise<LLMResponse> {
      throw new Error('streaming: chat must not be used when stream exists');
    },
    async *stream(messages, options) {
      calls.push({ messages, options });
      try {
        for (const [index, chunk] of chunks.entries()) {
          if (index === hangAfter) await new Promise(() => {});
          yield chunk;
        }
      } finally {
        closed = true;
      }
    },
  };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

async function rejection(promise: Promise<unknown>): Promise<KitAIError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof KitAIError)) throw new Error(`expected a KitAIError, got ${String(error)}`);
  return error;
}

describe('generate', () => {
  it('sends the system message and the prompt and returns the raw text', async () => {
    const llm = scripted(['  Five words about migrations \n']);
    const text = await generate(llm, 'Write a title.', { system: 'You write headlines.', maxTokens: 30, temperature: 0.2 });
    expect(text).toBe('  Five words about migrations \n');
    expect(llm.calls[0]?.messages).toEqual([
      { role: 'system', content: 'You write headlines.' },
      { role: 'user', content: 'Write a title.' },
    ]);
    expect(llm.calls[0]?.options?.maxTokens).toBe(30);
    expect(llm.calls[0]?.options?.temperature).toBe(0.2);
    expect(llm.calls[0]?.options?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends the prompt alone without a system message and leaves unset options out', async () => {
    const llm = scripted(['ok']);
    await generate(llm, 'Hi');
    expect(llm.calls[0]?.messages).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(Object.keys(llm.calls[0]?.options ?? {})).toEqual(['signal']);
  });

  it('gives llm_timeout after timeoutMs even when the provider ignores its signal', async () => {
    let seen: AbortSignal | undefined;
    const llm: LLMProvider = {
      name: 'stuck',
      chat: (_messages, options) => {
        seen = options?.signal;
        return new Promise(() => {});
      },
    };
    const started = Date.now();
    const error = await rejection(generate(llm, 'Hi', { timeoutMs: 30 }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error.code).toBe('llm_timeout');
    expect(error.message).toContain('generate: the model "stuck" did not answer within 30 ms');
    expect(seen?.aborted).toBe(true);
  });

  it('stops with aborted when the caller aborts, and does not call a provider for an aborted signal', async () => {
    const controller = new AbortController();
    const llm: LLMProvider = { name: 'slow', chat: () => new Promise(() => {}) };
    const pending = rejection(generate(llm, 'Hi', { signal: controller.signal }));
    controller.abort(new Error('user left'));
    const error = await pending;
    expect(error.code).toBe('aborted');
    expect((error.cause as Error).message).toBe('user left');

    const untouched = scripted(['never']);
    expect((await rejection(generate(untouched, 'Hi', { signal: AbortSignal.abort() }))).code).toBe('aborted');
    expect(untouched.calls).toHaveLength(0);
  });

  it('passes provider errors through unchanged', async () => {
    const failure = new KitAIError('llm_http_error', 'chat-completions: 503 overloaded', { status: 503 });
    const llm: LLMProvider = { name: 'down', chat: async () => Promise.reject(failure) };
    await expect(generate(llm, 'Hi')).rejects.toBe(failure);
    const throwing: LLMProvider = {
      name: 'sync',
      chat: () => {
        throw new Error('sync failure');
      },
    };
    await expect(generate(throwing, 'Hi')).rejects.toThrow('sync failure');
  });

  it('rejects an answer without string content', async () => {
    const llm = { name: 'odd', chat: async () => ({ model: 'x' }) } as unknown as LLMProvider;
    expect((await rejection(generate(llm, 'Hi'))).code).toBe('llm_invalid_response');
  });

  it('rejects bad arguments with invalid_config naming the value and the fix', () => {
    const llm = scripted([]);
    const cases: [() => unknown, string][] = [
      [() => generate(llm, '  '), 'generate: prompt must be a non-empty string, got "  ".'],
      [() => generate({} as LLMProvider, 'Hi'), 'generate: llm must be an LLMProvider (an object with name and chat()), got an object'],
      [() => generate(llm, 'Hi', { maxTokens: 0 }), 'generate: maxTokens must be a positive integer, got 0.'],
      [() => generate(llm, 'Hi', { temperature: -1 }), 'generate: temperature must be a finite number of 0 or more, got -1.'],
      [() => generate(llm, 'Hi', { timeoutMs: -1 }), 'generate: timeoutMs must be a positive number of milliseconds, got -1.'],
      [() => generate(llm, 'Hi', { system: 5 as unknown as string }), 'generate: system must be a string, got 5.'],
      [() => generate(llm, 'Hi', { signal: {} as AbortSignal }), 'generate: signal must be an AbortSignal'],
      [() => generateStream(llm, ''), 'generateStream: prompt must be a non-empty string'],
      [() => thinkStream(llm, 'Hi', { schema: 3 as unknown as Record<string, unknown> }), 'thinkStream: schema must be a Standard Schema'],
    ];
    return Promise.all(
      cases.map(async ([call, message]) => {
        let error: unknown;
        try {
          await call();
        } catch (caught) {
          error = caught;
        }
        expect(isKitAIError(error, 'invalid_config')).toBe(true);
        expect((error as Error).message).toContain(message);
      }),
    );
  });
});

describe('think', () => {
  it('asks for JSON and returns the parsed value, or the trimmed text when there is none', async () => {
    const llm = scripted(['{"complaint": true}', '```json\n[1, 2]\n```', 'Sure: {"a": 1} done', '  no JSON here \n']);
    expect(await think(llm, 'Complaint?')).toEqual({ complaint: true });
    expect(await think(llm, 'List')).toEqual([1, 2]);
    expect(await think(llm, 'Object')).toEqual({ a: 1 });
    expect(await think(llm, 'Prose')).toBe('no JSON here');
    expect(llm.calls[0]?.messages).toEqual([
      { role: 'system', content: 'Reply with JSON only: one JSON value, with no text before or after it and no code fence.' },
      { role: 'user', content: 'Complaint?' },
    ]);
  });

  it('validates with a zod schema, types the result and returns the schema output', async () => {
    const llm = scripted(['Here: {"complaint": true, "reason": "broken parcel", "score": "7"}']);
    const schema = z.object({ complaint: z.boolean(), reason: z.string(), score: z.coerce.number() });
    const verdict = await think(llm, 'Is this a complaint?', { schema, system: 'You triage support mail.' });
    expectTypeOf(verdict).toEqualTypeOf<{ complaint: boolean; reason: string; score: number }>();
    expect(verdict).toEqual({ complaint: true, reason: 'broken parcel', score: 7 });
    const system = llm.calls[0]?.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content.startsWith('You triage support mail.\n\nReply with JSON only')).toBe(true);
    expect(system?.content).toContain(
      'The JSON must match this JSON Schema:\n{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"',
    );
  });

  it('fails with invalid_model_output, the issues and the first 200 characters of the reply', async () => {
    const reply = `{"complaint": "maybe", "pad": "${'x'.repeat(300)}"}`;
    const error = await rejection(think(scripted([reply]), 'Complaint?', { schema: z.object({ complaint: z.boolean() }) }));
    expect(error.code).toBe('invalid_model_output');
    expect(error.issues).toEqual([{ path: 'complaint', message: 'Invalid input: expected boolean, received string' }]);
    expect(error.message).toContain(
      'think: the reply of "scripted" does not match the schema (complaint: Invalid input: expected boolean, received string)',
    );
    expect(error.message).toContain(`The reply began: ${JSON.stringify(reply.slice(0, 200))}`);
    expect(error.message).not.toContain(reply.slice(0, 201));

    const prose = await rejection(think(scripted(['I think it is a complaint.']), 'Complaint?', { schema: { type: 'boolean' } }));
    expect(prose.code).toBe('invalid_model_output');
    expect(prose.issues).toEqual([{ path: '', message: 'the reply holds no JSON value' }]);
    expect(prose.message).toContain('The reply began: "I think it is a complaint."');
  });

  it('validates with a plain JSON Schema and shows it to the model', async () => {
    const schema = { type: 'array', items: { type: 'string' }, maxItems: 3 };
    const llm = scripted(['["auth", "passwords"]', '["a", "b", "c", "d"]']);
    const tags = await think(llm, 'Tags?', { schema });
    expectTypeOf(tags).toEqualTypeOf<unknown>();
    expect(tags).toEqual(['auth', 'passwords']);
    expect(llm.calls[0]?.messages[0]?.content).toContain(`The JSON must match this JSON Schema:\n${JSON.stringify(schema)}`);
    const error = await rejection(think(llm, 'Tags?', { schema }));
    expect(error.issues).toEqual([{ path: '', message: 'the answer must NOT have more than 3 items' }]);
  });

  it('accepts any Standard Schema v1, such as one written by hand', async () => {
    const positive = {
      '~standard': {
        version: 1 as const,
        vendor: 'hand',
        validate: (value: unknown) =>
          typeof value === 'number' && value > 0 ? { value: value * 10 } : { issues: [{ message: 'must be positive' }] },
        types: undefined as { input: unknown; output: number } | undefined,
      },
    };
    const llm = scripted(['4', '-1']);
    const value = await think(llm, 'Number?', { schema: positive });
    expectTypeOf(value).toEqualTypeOf<number>();
    expect(value).toBe(40);
    expect(llm.calls[0]?.messages[0]?.content).not.toContain('JSON Schema');
    expect((await rejection(think(llm, 'Number?', { schema: positive }))).issues).toEqual([{ path: '', message: 'must be positive' }]);
  });

  it('honours timeoutMs', async () => {
    const llm: LLMProvider = { name: 'stuck', chat: () => new Promise(() => {}) };
    expect((await rejection(think(llm, 'Hi', { timeoutMs: 20 }))).code).toBe('llm_timeout');
  });
});

describe('generateStream', () => {
  it('yields the text deltas of llm.stream, skipping tool calls and done', async () => {
    const llm = streaming([
      { type: 'text', text: 'Idempotency ' },
      { type: 'tool_call', toolCall: { name: 'lookup', arguments: {} } },
      { type: 'text', text: '' },
      { type: 'text', text: 'keys.' },
      { type: 'done', model: 'm', finishReason: 'stop' },
    ]);
    expect(await collect(generateStream(llm, 'Explain.', { system: 'Be short.', maxTokens: 50 }))).toEqual(['Idempotency ', 'keys.']);
    expect(llm.calls[0]?.messages).toEqual([
      { role: 'system', content: 'Be short.' },
      { role: 'user', content: 'Explain.' },
    ]);
    expect(llm.calls[0]?.options?.maxTokens).toBe(50);
    expect(llm.closed()).toBe(true);
  });

  it('falls back to one piece from chat when the provider cannot stream', async () => {
    const llm = scripted(['whole answer']);
    expect(await collect(generateStream(llm, 'Explain.'))).toEqual(['whole answer']);
    expect(await collect(generateStream(scripted(['']), 'Explain.'))).toEqual([]);
  });

  it('starts the call on the first read and closes the provider stream when the consumer stops early', async () => {
    const llm = streaming([
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' },
      { type: 'text', text: 'three' },
    ]);
    const stream = generateStream(llm, 'Count.');
    expect(llm.calls).toHaveLength(0);
    for await (const delta of stream) {
      expect(delta).toBe('one');
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(llm.calls).toHaveLength(1);
    expect(llm.closed()).toBe(true);
  });

  it('times out in the middle of a stream with llm_timeout after the deltas already given', async () => {
    const llm = streaming(
      [
        { type: 'text', text: 'first' },
        { type: 'text', text: 'never' },
      ],
      1,
    );
    const seen: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const delta of generateStream(llm, 'Go.', { timeoutMs: 40 })) seen.push(delta);
      })(),
    );
    expect(seen).toEqual(['first']);
    expect(error.code).toBe('llm_timeout');
    expect(llm.calls[0]?.options?.signal?.aborted).toBe(true);
  });

  it('aborts through the signal', async () => {
    const controller = new AbortController();
    const llm = streaming(
      [
        { type: 'text', text: 'first' },
        { type: 'text', text: 'never' },
      ],
      1,
    );
    const error = await rejection(
      (async () => {
        for await (const _delta of generateStream(llm, 'Go.', { signal: controller.signal })) controller.abort();
      })(),
    );
    expect(error.code).toBe('aborted');
  });
});

describe('thinkStream', () => {
  it('yields deltas as they arrive, then the validated value', async () => {
    const llm = streaming([
      { type: 'text', text: '{"title": "Rate ' },
      { type: 'text', text: 'limits", "bullets": ["a", "b"]}' },
      { type: 'done', model: 'm' },
    ]);
    const schema = z.object({ title: z.string(), bullets: z.array(z.string()) });
    const events = await collect(thinkStream(llm, 'Outline.', { schema }));
    expectTypeOf(events).toEqualTypeOf<ThinkStreamEvent<{ title: string; bullets: string[] }>[]>();
    expect(events).toEqual([
      { type: 'delta', text: '{"title": "Rate ' },
      { type: 'delta', text: 'limits", "bullets": ["a", "b"]}' },
      { type: 'result', value: { title: 'Rate limits', bullets: ['a', 'b'] } },
    ]);
    expect(llm.calls[0]?.messages[0]?.content).toContain('Reply with JSON only');
  });

  it('throws invalid_model_output after the deltas when the reply fails the schema', async () => {
    const llm = streaming([{ type: 'text', text: '{"title": 5}' }]);
    const seen: ThinkStreamEvent[] = [];
    const error = await rejection(
      (async () => {
        for await (const event of thinkStream(llm, 'Outline.', { schema: z.object({ title: z.string() }) })) seen.push(event);
      })(),
    );
    expect(seen).toEqual([{ type: 'delta', text: '{"title": 5}' }]);
    expect(error.code).toBe('invalid_model_output');
  });

  it('works on a provider without stream and returns text when there is no schema and no JSON', async () => {
    expect(await collect(thinkStream(scripted([' plain words ']), 'Say.'))).toEqual([
      { type: 'delta', text: ' plain words ' },
      { type: 'result', value: 'plain words' },
    ]);
  });
});
