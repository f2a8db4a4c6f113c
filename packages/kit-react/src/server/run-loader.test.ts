import { describe, expect, it } from 'vitest';
import { contextFor } from '@kit/kit-core/http';
import { KitReactError } from '../errors/kit-react-error.js';
import type { LoaderArgs } from '../modules/types.js';
import { runLoader, type LoaderInput } from './run-loader.js';

function input(timeoutMs = 1000, url = 'http://localhost/p?tab=2'): LoaderInput & { abandon(): void } {
  const controller = new AbortController();
  const request = new Request(url, { signal: controller.signal });
  return { request, ctx: contextFor(request), params: { id: '7' }, timeoutMs, abandon: () => controller.abort(new Error('client left')) };
}

describe('runLoader', () => {
  it('gives the loader its params, query, request, context and a signal, also when it spreads them', async () => {
    let seen: LoaderArgs | undefined;
    const given = input();
    const run = runLoader(
      'p.page.tsx',
      async (args) => {
        seen = { ...args };
        return { tab: args.searchParams.get('tab') };
      },
      given,
    );
    expect(run.settled).toBeNull();
    expect(await run.outcome).toEqual({ ok: true, data: { tab: '2' } });
    expect(run.settled).toEqual({ ok: true, data: { tab: '2' } });
    expect(seen?.params).toEqual({ id: '7' });
    expect(seen?.request).toBe(given.request);
    expect(seen?.searchParams.get('tab')).toBe('2');
    expect(seen?.signal).toBeInstanceOf(AbortSignal);
    expect(seen?.signal.aborted).toBe(false);
  });

  it('has settled at once when the loader returned its data without a promise', () => {
    const run = runLoader('p.page.tsx', () => ({ n: 1 }), input());
    expect(run.settled).toEqual({ ok: true, data: { n: 1 } });
    expect(runLoader('n.page.tsx', undefined, input()).settled).toEqual({ ok: true, data: null });
  });

  it('ends a loader that does not settle in time with loader_timeout and aborts its signal', async () => {
    let signal: AbortSignal | undefined;
    const run = runLoader(
      'slow.page.tsx',
      ({ signal: given }) => {
        signal = given;
        return new Promise(() => undefined);
      },
      input(30),
    );
    const outcome = await run.outcome;
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error instanceof KitReactError && outcome.error.code).toBe('loader_timeout');
    expect(signal?.aborted).toBe(true);
  });

  it('aborts the signal when the request is abandoned, or hands out an aborted one after', async () => {
    const given = input();
    let early: AbortSignal | undefined;
    const waiting = runLoader(
      'a.page.tsx',
      ({ signal }) => {
        early = signal;
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      },
      given,
    );
    let read: (() => AbortSignal) | undefined;
    const late = runLoader(
      'b.page.tsx',
      async (args) => {
        read = () => args.signal;
        return null;
      },
      given,
    );
    await late.outcome;
    given.abandon();
    const outcome = await waiting.outcome;
    expect(early?.aborted).toBe(true);
    expect(!outcome.ok && String(outcome.error)).toBe('Error: client left');
    expect(read?.().aborted).toBe(true);
  });

  it('turns a loader that throws, at once or later, or returns what is not JSON, into a failed outcome', async () => {
    const thrown = runLoader(
      't.page.tsx',
      () => {
        throw new Error('boom');
      },
      input(),
    ).settled;
    expect(thrown !== null && !thrown.ok && String(thrown.error)).toBe('Error: boom');
    const rejected = await runLoader('r.page.tsx', async () => Promise.reject(new Error('later')), input()).outcome;
    expect(!rejected.ok && String(rejected.error)).toBe('Error: later');
    const dated = await runLoader('d.page.tsx', async () => ({ when: new Date(0) }), input()).outcome;
    expect(!dated.ok && dated.error instanceof KitReactError && dated.error.code).toBe('loader_data_not_json');
  });
});
