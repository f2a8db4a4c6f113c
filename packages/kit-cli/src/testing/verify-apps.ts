/** Files of the apps `kit verify` is tested on. */

/** kit.config.ts listing the owner-only policy. */
export const configWithPolicy = `import { defineConfig } from '@kit/kit-core';
import { ownerOnly } from './app/policies/owner-only.js';

export default defineConfig({
  info: { title: 'Test app', version: '1.0.0' },
  routes: {},
  policies: [ownerOnly],
  database: { provider: 'sqlite', url: 'data/app.db' },
});
`;

/** A route guarded by a policy. */
export function guardedRoute(policy: string): string {
  return `import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';

export const POST = defineAPI({
  description: 'Closes a ticket.',
  capability: 'write',
  policy: '${policy}',
  input: z.strictObject({ id: z.string() }),
  output: z.strictObject({ closed: z.boolean() }),
  handler: async () => ({ closed: true }),
});
`;
}

/** A route without a description or an output schema. */
export const vagueRoute = `import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';

export default defineAPI({
  capability: 'read',
  input: z.strictObject({}),
  handler: async () => ({ ok: true }),
});
`;

/** A vitest test that passes. */
export const passingTest = `import { expect, test } from 'vitest';

test('adds', () => {
  expect(1 + 1).toBe(2);
});
`;

/** A vitest test that fails. */
export const failingTest = `import { expect, test } from 'vitest';

test('subtracts', () => {
  expect(2 - 1).toBe(3);
});
`;

/** Replaces step durations, which vary, by a marker. */
export function withoutDurations(text: string): string {
  return text.replace(/ \(\d+(?:\.\d)? m?s\)/g, ' (<t>)');
}
