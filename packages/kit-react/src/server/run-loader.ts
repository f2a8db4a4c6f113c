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

/**
 * What a loader is called with. `signal` and `searchParams` are made when the loader first reads them (most
 * loaders read neither; a signal costs an abort controller and a listener on the request). They are own
 * enumerable getters, so spreading the arguments still gives both; they are defined with one shared
 * descriptor each: getters written in an object literal put every call's arguments in a dictionary-mode
 * object with closures of its own, which cost about a microsecond per call and outlived the young generation
 * under load.
 */
class LoaderArguments implements LoaderArgs {
  readonly params: RouteParams;
  readonly request: Request;
  readonly ctx: KitContext;
  declare readonly searchParams: URLSearchParams;
  declare readonly signal: AbortSignal;
  readonly #call: LoaderCall;
  #search: URLSearchParams | null = null;

  constructor(input: LoaderInput, call: LoaderCall) {
    this.params = input.params;
    this.request = input.request;
    this.ctx = input.ctx;
    this.#call = call;
    Object.defineProperty(this, 'searchParams', searchParamsProperty);
    Object.defineProperty(this, 'signal', signalProperty);
  }

  static searchParamsOf(args: LoaderArguments): URLSearchParams {
    return (args.#search ??= new URL(args.request.url).searchParams);
  }

  static signalOf(args: LoaderArguments): AbortSignal {
    return args.#call.signal();
  }
}

const searchParamsProperty: PropertyDescriptor = {
  get(this: LoaderArguments) {
    return LoaderArguments.searchParamsOf(this);
  },
  enumerable: true,
  configurable: true,
};

const signalProperty: PropertyDescriptor = {
  get(this: LoaderArguments) {
    return LoaderArguments.signalOf(this);
  },
  enumerable: true,
  configurable: true,
};

/** One loader call: its arguments, and the abort signal they hand out. */
class LoaderCall {
  readonly args: LoaderArgs;
  private controller: AbortController | null = null;
  private aborted = false;
  private reason: unknown;
  private onAbandoned: (() => void) | null = null;

  constructor(input: LoaderInput) {
    this.args = new LoaderArguments(input, this);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
  }

  /** The loader settled: the request no longer needs to tell it anything. */
  release(): void {
    if (this.onAbandoned !== null) this.args.request.signal.removeEventListener('abort', this.onAbandoned);
  }

  signal(): AbortSignal {
    if (this.controller === null) {
      this.controller = new AbortController();
      const requestSignal = this.args.request.signal;
      if (this.aborted) this.controller.abort(this.reason);
      else if (requestSignal.aborted) this.abort(requestSignal.reason);
      else {
        this.onAbandoned = () => this.abort(requestSignal.reason);
        requestSignal.addEventListener('abort', this.onAbandoned, { once: true });
      }
    }
    return this.controller.signal;
  }
}

/** A run that settled before `runLoader` returned (no loader, or one that did not return a promise). */
class SettledRun implements LoaderRun {
  // Made only when asked: the renderer reads `settled` and most pages never wait on a settled run.
  private promise: Promise<LoaderOutcome> | null = null;

  constructor(
    readonly settled: LoaderOutcome,
    private readonly call: LoaderCall | null,
  ) {
    call?.release();
  }

  get outcome(): Promise<LoaderOutcome> {
    return (this.promise ??= Promise.resolve(this.settled));
  }

  abort(reason: unknown): void {
    this.call?.abort(reason);
  }
}

/** A run waiting for its loader's promise, cut at `timeoutMs`. */
class PendingRun implements LoaderRun {
  readonly outcome: Promise<LoaderOutcome>;
  settled: LoaderOutcome | null = null;
  private resolve: (outcome: LoaderOutcome) => void = () => undefined;
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly call: LoaderCall,
    file: string,
    result: PromiseLike<unknown>,
    timeoutMs: number,
  ) {
    this.outcome = new Promise<LoaderOutcome>((resolve) => (this.resolve = resolve));
    this.timer = setTimeout(() => {
      const error = new KitReactError(
        'loader_timeout',
        `The loader of ${file} did not settle within ${timeoutMs} ms and was aborted: make it faster, or raise timeoutMs.`,
      );
      call.abort(error);
      this.settle({ ok: false, error });
    }, timeoutMs);
    Promise.resolve(result).then(
      (data) => this.settle(dataOf(data, file)),
      (error: unknown) => this.settle({ ok: false, error }),
    );
  }

  abort(reason: unknown): void {
    this.call.abort(reason);
  }

  private settle(outcome: LoaderOutcome): void {
    if (this.settled !== null) return;
    clearTimeout(this.timer);
    this.call.release();
    this.settled = outcome;
    this.resolve(outcome);
  }
}

function dataOf(data: unknown, file: string): LoaderOutcome {
  try {
    return { ok: true, data: toJsonData(data, `The loader of ${file}`) };
  } catch (error) {
    return { ok: false, error };
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}

const noLoaderRun = (): LoaderRun => new SettledRun(noLoader, null);

/**
 * Starts one loader with its own abort signal (aborted on timeout, on `abort()` and when the request is
 * abandoned). A loader that has not settled after `timeoutMs` ends with a `loader_timeout` error, so the
 * response never waits forever. A missing loader gives `null` data at once, and so does a loader that
 * returned its data without a promise: neither needs a timer or a turn of waiting.
 */
export function runLoader(file: string, loader: Loader | undefined, input: LoaderInput): LoaderRun {
  if (loader === undefined) return noLoaderRun();
  const call = new LoaderCall(input);
  let result: unknown;
  try {
    result = loader(call.args);
  } catch (error) {
    return new SettledRun({ ok: false, error }, call);
  }
  return isThenable(result) ? new PendingRun(call, file, result, input.timeoutMs) : new SettledRun(dataOf(result, file), call);
}
