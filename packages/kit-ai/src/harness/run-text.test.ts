import { describe, expect, it } from 'vitest';
import type { LLMProvider, LLMStreamChunk } from '../llm/types.js';
import { createHarness } from './create-harness.js';
import { MemoryRunStore } from './stores/memory-run-store.js';
import type { RunEvent, RunTextEvent } from './types.js';

/** A streaming model that writes its reply in pieces, once `start` resolves, and waits for `gate` after the first piece. */
function gatedLlm(reply: string, gate: Promise<void>, start: Promise<void> = Promise.resolve()): LLMProvider {
  return {
    name: 'gated',
    chat: () => Promise.reject(new Error('gated streams only')),
    stream: async function* (): AsyncIterable<LLMStreamChunk> {
      const pieces = reply.match(/.{1,5}/g) ?? [];
      await start;
      yield { type: 'text', text: pieces[0] ?? '' };
      await gate;
      for (const piece of pieces.slice(1)) yield { type: 'text', text: piece };
      yield { type: 'done', model: 'gated-1' };
    },
  };
}

describe('streamed text of harness runs', () => {
  it('reaches readers that ask for it live, between the stored events, and is never stored', async () => {
    let open!: () => void;
    let listening!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The model starts writing once the reader has an event, so it is surely listening by then.
    const start = new Promise<void>((resolve) => (listening = resolve));
    const harness = createHarness({
      store: new MemoryRunStore(),
      agent: { llm: gatedLlm('The answer is forty-two.', gate, start), tools: [] },
    });
    const run = await harness.start({ goal: 'Answer.' });

    const seen: (RunEvent | RunTextEvent)[] = [];
    for await (const event of run.events({ text: true })) {
      seen.push(event);
      listening();
      // The first piece arrives while the model is still writing: only then may it go on.
      if (event.type === 'text' && seen.filter((item) => item.type === 'text').length === 1) open();
    }
    const texts = seen.filter((event): event is RunTextEvent => event.type === 'text');
    expect(texts.map((event) => event.data.text).join('')).toBe('The answer is forty-two.');
    expect(texts.every((event) => event.runId === run.id && event.data.iteration === 1)).toBe(true);
    const reply = seen.find((event) => event.type === 'model_call');
    // The reply's event comes after its text, and holds all of it.
    expect(seen.indexOf(reply!)).toBeGreaterThan(seen.indexOf(texts.at(-1)!));
    expect(reply?.type === 'model_call' && reply.data.text).toBe('The answer is forty-two.');

    // Read again, the run has only its stored events: no text.
    const stored: RunEvent[] = [];
    for await (const event of run.events()) stored.push(event);
    expect(stored.some((event) => (event.type as string) === 'text')).toBe(false);
    expect(stored.map((event) => event.sequence)).toEqual(
      seen.filter((event) => event.type !== 'text').map((event) => (event as RunEvent).sequence),
    );
    await harness.close();
  });

  it('sends no text to a reader that did not ask for it', async () => {
    const harness = createHarness({ store: new MemoryRunStore(), agent: { llm: gatedLlm('Short.', Promise.resolve()), tools: [] } });
    const run = await harness.start({ goal: 'Answer.' });
    const types: string[] = [];
    for await (const event of run.events()) types.push(event.type);
    expect(types).not.toContain('text');
    expect(types).toContain('model_call');
    await harness.close();
  });

  it('gives a reader that comes in part way through a reply the text so far, then the rest', async () => {
    let open!: () => void;
    let firstSent!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const sent = new Promise<void>((resolve) => (firstSent = resolve));
    const llm: LLMProvider = {
      name: 'late',
      chat: () => Promise.reject(new Error('late streams only')),
      stream: async function* (): AsyncIterable<LLMStreamChunk> {
        yield { type: 'text', text: 'Ticket ' };
        yield { type: 'text', text: 'T-7 ' };
        // The loop asked for the next piece: both before it were handed on.
        firstSent();
        await gate;
        yield { type: 'text', text: 'is closed.' };
        yield { type: 'done', model: 'late-1' };
      },
    };
    const harness = createHarness({ store: new MemoryRunStore(), agent: { llm, tools: [] } });
    const run = await harness.start({ goal: 'Answer.' });
    await sent;
    const texts: string[] = [];
    for await (const event of run.events({ text: true })) {
      if (event.type !== 'text') continue;
      texts.push(event.data.text);
      open();
    }
    expect(texts).toEqual(['Ticket T-7 ', 'is closed.']);
    await harness.close();
  });
});
