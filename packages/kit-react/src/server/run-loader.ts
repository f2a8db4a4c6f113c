import type { KitContext } from '@kit/kit-core';
import type { RouteParams } from '@kit/kit-router';
import { KitReactError } from '../errors/kit-react-error.js';
import type { Loader, LoaderArgs } from '../modules/types.js';
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

const noLoader: LoaderOutcome = { ok: true, data: null };

/** The arguments of one loader call, and how the run aborts its signal. */
interface LoaderCall {
  readonly args: LoaderArgs;
  abort(reason: unknown): void;
  /** The loader settled: the request no longer needs to tell it anything. */
  release(): void;
}

/**
 * The arguments a loader gets. `signal` and `searchParams` are made when the loader first reads them
 * (most loaders read neither; a signal costs an abort controller and a listener on the request); they
 * are own enumerable getters, so spreading the arguments still gives both.
 */
function loaderCall(input: LoaderInput): LoaderCall {
  const { request } = input;
  let controller: AbortController | null = null;
  let aborted = false;
  let reason: unknown;
  let search: URLSearchParams | null = null;
  const abort = (why: unknown): void => {
    if (aborted) return;
    aborted = true;
    reason = why;
    controller?.abort(why);
  };
  const onAbandoned = (): void => abort(request.signal.reason);
  return {
    args: {
      params: input.params,
      request,
      ctx: input.ctx,
      get searchParams(): URLSearchParams {
        return (search ??= new URL(request.url).searchParams);
      },
      get signal(): AbortSignal {
        if (controller === null) {
          controller = new AbortController();
          if (aborted) controller.abort(reason);
          else if (request.signal.aborted) abort(request.signal.reason);
          else request.signal.addEventListener('abort', onAbandoned, { once: true });
        }
        return controller.signal;
      },
    },
    abort,
    release: () => {
      if (controller !== null) request.signal.removeEventListener('abort', onAbandoned);
    },
  };
}

const ignoreAbort = (): void => undefined;

/**
 * Starts one loader with its own abort signal (aborted on timeout, on `abort()` and when the request is
 * abandoned). A loader that has not settled after `timeoutMs` ends with a `loader_timeout` error, so the
 * response never waits forever. A missing loader gives `null` data at once.
 */
export function runLoader(file: string, loader: Loader | undefined, input: LoaderInput): LoaderRun {
  if (loader === undefined) return { outcome: Promise.resolve(noLoader), settled: noLoader, abort: ignoreAbort };
  const call = loaderCall(input);
  let resolveOutcome!: (outcome: LoaderOutcome) => void;
  const run: LoaderRun = { outcome: new Promise<LoaderOutcome>((resolve) => (resolveOutcome = resolve)), settled: null, abort: call.abort };
  const settle = (outcome: LoaderOutcome): void => {
    if (run.settled !== null) return;
    clearTimeout(timer);
    call.release();
    run.settled = outcome;
    resolveOutcome(outcome);
  };
  const timer = setTimeout(() => {
    const error = new KitReactError('loader_timeout', `The loader of ${file} did not settle within ${input.timeoutMs} ms and was aborted: make it faster, or raise timeoutMs.`);
    call.abort(error);
    settle({ ok: false, error });
  }, input.timeoutMs);
  try {
    Promise.resolve(loader(call.args)).then(
      (data) => {
        let outcome: LoaderOutcome;
        try {
          outcome = { ok: true, data: toJsonData(data, file) };
        } catch (error) {
          outcome = { ok: false, error };
        }
        settle(outcome);
      },
      (error: unknown) => settle({ ok: false, error }),
    );
  } catch (error) {
    settle({ ok: false, error });
  }
  return run;
}
