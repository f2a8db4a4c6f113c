/**
 * An app that registers no OpenTelemetry SDK pays for none: kit loads the API alone, registers nothing with it,
 * stores no trace context, and answers as it did before tracing.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startJsonLinesChild } from '../../test-support/json-lines-child.js';

describe('kit without an OpenTelemetry SDK', () => {
  it('loads only @opentelemetry/api, registers nothing and records no trace context', async () => {
    const child = startJsonLinesChild(fileURLToPath(new URL('fixture/without-sdk.ts', import.meta.url)), {});
    const done = await child.waitFor('done');
    await child.exited;
    expect(done).toEqual({
      event: 'done',
      answer: 'Found it.',
      next: { kind: 'start' },
      opentelemetry: ['@opentelemetry/api'],
      registered: [],
    });
  }, 60_000);
});
