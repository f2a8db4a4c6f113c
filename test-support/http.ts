import { request as httpRequest } from 'node:http';

/** A response read whole, from a raw HTTP exchange. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  /** The body as received, before any decoding (still compressed if the server compressed it). */
  readonly body: Buffer;
  json(): any;
}

/**
 * Sends one request with node:http, which (unlike fetch) can send a body with GET, as the
 * documentation API accepts its parameters that way.
 */
export function sendRaw(
  url: string,
  options: { method?: string; body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const headers = { ...(body ? { 'content-length': String(body.length) } : {}), ...options.headers };
    const req = httpRequest(url, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: raw, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** GET with a JSON body. */
export function getWithJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return sendRaw(url, { body: text, headers: { 'content-type': 'application/json', ...headers } });
}
