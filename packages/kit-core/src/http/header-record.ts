/**
 * Response headers as a plain object of lower-case names, which a `Response` takes as its `headers`.
 *
 * A fetch `Headers` checks every name and value character by character as it is set, and a Node server
 * has to turn it back into an object to write it: for a page that is several microseconds of work on
 * headers the framework wrote itself and knows to be valid. A record is handed to the `Response` as it
 * is; the `Response` (or @hono/node-server's lighter one, which keeps its init until asked) makes its
 * `Headers` from it only when something reads `response.headers`, which the record notices. Until then
 * the app's edge adds its own headers to the record and a Node server writes the record as it is.
 *
 * Its own enumerable properties are the headers and nothing else (what it knows is private), so any code
 * that takes it for a plain header object (Node's `writeHead`, @hono/node-server) writes the right ones.
 *
 * @example
 * ```ts
 * import { HeaderRecord, headerRecord } from '@kit/kit-core/http';
 *
 * const record = headerRecord();
 * record['content-type'] = 'text/plain; charset=utf-8';
 * const headers = new Headers(record);
 * console.log(headers.get('Content-Type'), HeaderRecord.wasRead(record)); // text/plain; charset=utf-8 true
 * ```
 */
export class HeaderRecord {
  [name: string]: string;
  #read = false;

  /** Whether a `Headers` was made from the record: from then on, changes go to that `Headers`. */
  static wasRead(record: HeaderRecord): boolean {
    return record.#read;
  }

  /** Read by `new Headers(record)`: the pairs, as a sequence of name and value. */
  *[Symbol.iterator](): IterableIterator<[string, string]> {
    this.#read = true;
    for (const name of Object.keys(this)) yield [name, this[name]!];
  }
}

const recordOf = Symbol('kit.headerRecord');
type WithRecord = Response & { [recordOf]?: HeaderRecord };

/**
 * A record of `init`'s headers, names in lower case. The values are checked as a `Headers` checks them
 * when there are any (they may come from application code); the framework's own are added after.
 *
 * @throws TypeError for a name or value that HTTP does not allow, as `new Headers(init)` does.
 * @example
 * ```ts
 * import { headerRecord } from '@kit/kit-core/http';
 *
 * const record = headerRecord({ 'Retry-After': '30' });
 * record['cache-control'] = 'no-store';
 * console.log(Object.keys(record)); // [ 'retry-after', 'cache-control' ]
 * ```
 */
export function headerRecord(init: Readonly<Record<string, string>> = {}): HeaderRecord {
  const record = new HeaderRecord();
  // Rare (a loader's error with a Retry-After, say): the checks of a Headers are the ones users know.
  if (Object.keys(init).length > 0) new Headers(init).forEach((value, key) => (record[key] = value));
  return record;
}

/**
 * A response whose headers are `record`, which the app's edge and a Node server can reach while no one
 * has read `response.headers` (see `unreadHeaderRecord`).
 *
 * @example
 * ```ts
 * import { headerRecord, responseWithHeaderRecord } from '@kit/kit-core/http';
 *
 * const record = headerRecord();
 * record['content-type'] = 'text/html; charset=utf-8';
 * const response = responseWithHeaderRecord('<h1>Hello</h1>', 200, record);
 * console.log(response.headers.get('content-type')); // text/html; charset=utf-8
 * ```
 */
export function responseWithHeaderRecord(body: ConstructorParameters<typeof Response>[0], status: number, record: HeaderRecord): Response {
  const response: WithRecord = new Response(body, { status, headers: record });
  response[recordOf] = record;
  return response;
}

/**
 * The record a response was made with by `responseWithHeaderRecord`, while its `headers` have not been
 * read: adding to it adds to the response. Undefined for any other response, or once a `Headers` was
 * made from the record, when changes must go to `response.headers`.
 *
 * @example
 * ```ts
 * import { unreadHeaderRecord } from '@kit/kit-core/http';
 *
 * function addServerName(response: Response): void {
 *   const record = unreadHeaderRecord(response);
 *   if (record) record['x-served-by'] = 'edge-1';
 *   else response.headers.set('X-Served-By', 'edge-1');
 * }
 * addServerName(new Response('ok'));
 * ```
 */
export function unreadHeaderRecord(response: Response): HeaderRecord | undefined {
  const record = (response as WithRecord)[recordOf];
  return record === undefined || HeaderRecord.wasRead(record) ? undefined : record;
}
