/**
 * An OTLP/HTTP trace receiver on loopback, as a collector would listen: it keeps the JSON bodies posted to
 * `/v1/traces` and reads the spans out of them, for tests whose spans leave the process (or are made in
 * another process, such as a `kit start` server).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as it arrived, with the attributes of string, number and boolean value. */
export interface ReceivedSpan {
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  /** Empty for a root span. */
  readonly parentSpanId: string;
  /** OTLP's span kind: 1 internal, 2 server, 3 client. */
  readonly kind: number;
  readonly startTimeUnixNano: bigint;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
}

export interface OtlpReceiver {
  /** Where an OTLP/HTTP exporter posts: `http://127.0.0.1:<port>/v1/traces`. */
  readonly url: string;
  /** Every span received so far, in the order they arrived. */
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  startTimeUnixNano: string | number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpBody {
  resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

function valueOf(value: OtlpValue): string | number | boolean | undefined {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.doubleValue ?? value.boolValue;
}

function spanOf(span: OtlpSpan): ReceivedSpan {
  const attributes: Record<string, string | number | boolean> = {};
  for (const { key, value } of span.attributes ?? []) {
    const read = valueOf(value);
    if (read !== undefined) attributes[key] = read;
  }
  return {
    name: span.name,
    traceId: span.traceId,
    spanId: span.spanId,
    parentSpanId: span.parentSpanId ?? '',
    kind: span.kind,
    startTimeUnixNano: BigInt(span.startTimeUnixNano),
    attributes,
  };
}

/** Starts a receiver on a free loopback port. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const bodies: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.headers['content-type'] === 'application/json')
        bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
    spans: () =>
      (bodies as OtlpBody[]).flatMap((body) =>
        (body.resourceSpans ?? []).flatMap((resource) => (resource.scopeSpans ?? []).flatMap((scope) => (scope.spans ?? []).map(spanOf))),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
