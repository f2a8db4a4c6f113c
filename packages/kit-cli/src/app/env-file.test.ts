import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { readEnvFile } from './env-file.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'kit-env-file-'));
});
const databaseUrl = process.env.DATABASE_URL;
afterEach(async () => {
  // The command puts .env's variables into process.env, where an app's code reads them.
  if (databaseUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = databaseUrl;
  await rm(root, { recursive: true, force: true });
});

describe("the app's .env", () => {
  it('gives the variables the environment does not set; the environment wins', async () => {
    await writeFile(join(root, '.env'), '# local settings\nSESSION_SECRET="a b c"\nDATABASE_URL=data/local.db\nEMPTY=\n');
    expect(readEnvFile(root, { DATABASE_URL: 'postgres://db/app' })).toEqual({ SESSION_SECRET: 'a b c', EMPTY: '' });
  });

  it('is optional', () => {
    expect(readEnvFile(root, {})).toEqual({});
  });

  it('is read before a command that runs the app: kit db:status finds DATABASE_URL there', async () => {
    await writeFile(join(root, 'package.json'), '{ "type": "module" }\n');
    await writeFile(join(root, '.env'), 'DATABASE_URL=data/from-env-file.db\n');
    let output = '';
    const code = await runCli(['db:status'], {
      cwd: root,
      env: {},
      stdout: { write: (text: string) => (output += text) },
      stderr: { write: () => true },
    });
    expect(output).toContain('Database: sqlite data/from-env-file.db (from DATABASE_URL), not created yet');
    expect(code).toBe(0);
    expect(process.env.DATABASE_URL).toBe(databaseUrl ?? 'data/from-env-file.db');
  });
});
