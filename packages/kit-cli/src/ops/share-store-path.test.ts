import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempApp, runKitInProcess, type TempApp } from '../testing/temp-app.js';

let app: TempApp;
const before = process.env.KIT_OPS_STORE;
beforeEach(async () => {
  app = await createTempApp();
});
afterEach(async () => {
  if (before === undefined) delete process.env.KIT_OPS_STORE;
  else process.env.KIT_OPS_STORE = before;
  await app.remove();
});

describe('KIT_OPS_STORE for the app', () => {
  it("is set to the app's .kit/ops.sqlite by the commands that run its code, or to KIT_OPS_STORE resolved against the app", async () => {
    await runKitInProcess(['db:push'], { cwd: app.root, env: {} });
    expect(process.env.KIT_OPS_STORE).toBe(join(app.root, '.kit', 'ops.sqlite'));
    await runKitInProcess(['db:push'], { cwd: app.root, env: { KIT_OPS_STORE: 'var/ops.sqlite' } });
    expect(process.env.KIT_OPS_STORE).toBe(join(app.root, 'var', 'ops.sqlite'));
  });
});
