import { join } from 'node:path';
import { expect } from 'vitest';
import { createDevServer, type DevErrorEvent, type DevReloadEvent, type DevServer } from '../dev/create-dev-server.js';
import { copyFixture, type FixtureCopy } from './fixture.js';

/** What a change led to: the build that took it in, good or failed. */
export type Outcome = { reload: DevReloadEvent } | { error: DevErrorEvent };

/** A watching dev server on a copy of the fixture, with helpers to change files and read its events. */
export interface DevHarness {
  readonly copy: FixtureCopy;
  readonly dev: DevServer;
  readonly base: string;
  /** The absolute path of a file of the copy. */
  file(path: string): string;
  /** GET with `Accept: text/html`. */
  page(path: string): Promise<Response>;
  /** Runs a change of `path` (relative to the root) and resolves with the build that took it in. */
  after(path: string, change: () => Promise<void>): Promise<Outcome>;
  /** Reads the dev server's server-sent events until `count` named events arrived while `during` runs. */
  readEvents(count: number, during: () => Promise<void>): Promise<{ event: string; data: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

/** Starts a watching dev server on a fresh copy of the fixture. */
export async function startDevHarness(): Promise<DevHarness> {
  const copy = await copyFixture();
  const dev = createDevServer({ root: copy.root, port: 0, conditions: ['kit-source'], log: false, debounceMs: 20 });
  const base = (await dev.listen()).url;
  const after = async (path: string, change: () => Promise<void>): Promise<Outcome> => {
    const outcome = new Promise<Outcome>((resolve) => {
      const stops = [
        dev.on('reload', (reload) => finish(reload.changedFiles, { reload })),
        dev.on('error', (error) => finish(error.changedFiles, { error })),
      ];
      const finish = (changed: readonly string[], value: Outcome) => {
        if (!changed.some((file) => file.startsWith(path))) return;
        for (const stop of stops) stop();
        resolve(value);
      };
    });
    await change();
    return outcome;
  };
  const readEvents = async (count: number, during: () => Promise<void>) => {
    const response = await fetch(`${base}/_kit/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const events: { event: string; data: Record<string, unknown> }[] = [];
    let buffer = '';
    const reading = (async () => {
      while (events.length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(frame)?.[1];
          const data = /^data: (.+)$/m.exec(frame)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    })();
    await during();
    await reading;
    await reader.cancel();
    return events;
  };
  return {
    copy,
    dev,
    base,
    file: (path) => join(copy.root, path),
    page: (path) => fetch(`${base}${path}`, { headers: { accept: 'text/html' } }),
    after,
    readEvents,
    close: async () => {
      await dev.close();
      await copy.remove();
    },
  };
}
