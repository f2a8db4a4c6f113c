import { STATUS_CODES, type ServerResponse } from 'node:http';
import { KitError, type KitErrorCode } from '../errors/kit-error.js';
import { toProblem } from '../errors/problem.js';

/** Headers every problem written below the app carries. */
const problemHeaders = {
  'Content-Type': 'application/problem+json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** The problem document of a code and detail, as JSON text, and its status. */
export function problemBody(code: KitErrorCode, detail: string): { status: number; body: string } {
  const problem = toProblem(new KitError(code, detail));
  return { status: problem.status, body: JSON.stringify(problem) };
}

/**
 * A whole HTTP/1.1 response carrying a problem document, for a socket Node's parser gave up on:
 * there is no `ServerResponse` then, so the bytes are written as they are. It always closes the
 * connection, since the parser cannot find where the next request would start.
 */
export function rawProblemResponse(code: KitErrorCode, detail: string, headers: Readonly<Record<string, string>> = {}): string {
  const { status, body } = problemBody(code, detail);
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`];
  for (const [name, value] of Object.entries({ ...problemHeaders, ...headers })) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', '', body);
  return lines.join('\r\n');
}

/** Answers a request with a problem document through its `ServerResponse`. */
export function writeProblemResponse(
  response: ServerResponse,
  code: KitErrorCode,
  detail: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const { status, body } = problemBody(code, detail);
  response.writeHead(status, { ...problemHeaders, 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  response.end(body);
}
