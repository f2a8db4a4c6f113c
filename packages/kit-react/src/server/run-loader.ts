import type { KitContext } from '@kit/kit-core';
import type { RouteParams } from '@kit/kit-router';
import { KitReactError } from '../errors/kit-react-error.js';
import type { Loader } from '../modules/types.js';
import type { JsonValue } from '../state/json.js';
import { toJsonData } from './json-data.js';

/** How a loader ended: with JSON data or with an error (it never rejects). */
export type LoaderOutcome = { readonly ok: true; readonly data: JsonValue } | { readonly ok: false; readonly error: unknown };

/** A loader run: its outcome and whether it has settled yet (read synchronously by the renderer). */
export interface LoaderRun {
  readonly outcome: Promise<LoaderOutcome>;
  settled: LoaderOutcome | null;
  abort(reason: unknown): void;
}

export interface LoaderInput {
  readonly request: Request;
  readonly ctx: KitContext;
  readonly params: RouteParams;
  readonly timeoutMs: number;
}

/**
 * Starts one loader with its own abort signal (aborted on timeout, on `abort()` and when the request is
 * abandoned). A loader that has not settled after `timeoutMs` ends with a `loader_timeout` error, so the
 * response never waits forever. A missing loader gives `null` data at once.
 */
export function runLoader(file: string, loader: Loader | undefined, input: LoaderInput): LoaderRun {
  if (loader === undefined) {
    const outcome: LoaderOutcome = { ok: true, data: null };
    return { outcome: Promise.resolve(outcome), settled: outcome, abort: () => undefined };
  }
  const controller = new AbortController();
  const onAbandoned = () => controller.abort(input.request.signal.reason);
  input.request.signal.addEventListener('abort', onAbandoned, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<LoaderOutcome>((resolve) => {
    timer = setTimeout(() => {
      const error = new KitReactError('loader_timeout', `The loader of ${file} did not settle within ${input.timeoutMs} ms and was aborted: make it faster, or raise timeoutMs.`);
      controller.abort(error);
      resolve({ ok: false, error });
    }, input.timeoutMs);
  });
  const args = { params: input.params, searchParams: new URL(input.request.url).searchParams, request: input.request, ctx: input.ctx, signal: controller.signal };
  const work = (async (): Promise<LoaderOutcome> => {
    try {
      return { ok: true, data: toJsonData(await loader(args), file) };
    } catch (error) {
      return { ok: false, error };
    }
  })();
  const run: LoaderRun = {
    outcome: Promise.race([work, timeout]).then((outcome) => {
      clearTimeout(timer);
      input.request.signal.removeEventListener('abort', onAbandoned);
      run.settled = outcome;
      return outcome;
    }),
    settled: null,
    abort: (reason) => controller.abort(reason),
  };
  return run;
}
