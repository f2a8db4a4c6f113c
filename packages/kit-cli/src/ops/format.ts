import type { OpsEvent } from '@kit/kit-ops';
import type { Style } from '../cli/style.js';
import { shortTime } from '../cli/table.js';

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** An event's payload in one short line: `httpStatus=200 method=GET`, errors first, at most 120 characters. */
export function details(data: Readonly<Record<string, unknown>> | undefined): string {
  if (data === undefined) return '';
  const rank = (key: string) => (key === 'error' || key === 'message' ? 0 : 1);
  const entries = Object.entries(data).sort(([a], [b]) => rank(a) - rank(b));
  const text = entries.map(([key, value]) => `${key}=${shown(value)}`).join(' ');
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** A duration for people: `12 ms`, `1.4 s`, or '' when there is none. */
export function duration(ms: number | undefined): string {
  if (ms === undefined) return '';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Colours a status: errors red, refusals and waits yellow, successes green. */
export function colourStatus(status: string, style: Style): string {
  if (status === 'error' || status === 'down') return style.red(status);
  if (status === 'denied' || status === 'pending' || status === 'degraded' || status === 'canceled') return style.yellow(status);
  if (status === 'ok') return style.green(status);
  return status;
}

/** The cells of an event's row: time, kind, status, subject, duration, details. */
export function eventCells(event: OpsEvent): string[] {
  return [shortTime(event.at), event.kind, event.status ?? '-', event.subject, duration(event.durationMs), details(event.data)];
}

/** An event as one line of `ops:tail`, with fixed-width leading columns so lines align as they stream. */
export function eventLine(event: OpsEvent, style: Style): string {
  const status = event.status ?? '-';
  const padded = colourStatus(status, style) + ' '.repeat(Math.max(0, 8 - status.length));
  return [style.dim(shortTime(event.at)), event.kind.padEnd(9), padded, event.subject, duration(event.durationMs), details(event.data)]
    .filter((cell) => cell !== '')
    .join('  ');
}
