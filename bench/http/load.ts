import autocannon from 'autocannon';

/** Figures of one load run. */
export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly total: number;
  /** Connection errors, timeouts and answers other than 2xx/304. */
  readonly errors: number;
}

/** Options of one load run. */
export interface LoadOptions {
  readonly base: string;
  /** Request targets, used in turn (each connection rotates through them). */
  readonly paths: readonly string[];
  readonly connections: number;
  readonly seconds: number;
  /** Fixed total rate in requests per second; unset means as fast as the server answers. */
  readonly rate?: number;
  readonly headers?: Record<string, string>;
}

/** Runs autocannon against a server with a rotating set of request targets. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const paths = options.paths;
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length]!;
          return request;
        },
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
