import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRegistry, type LocalRegistry } from '../../scripts/release/local-registry.js';
import { publishToRegistry } from '../../scripts/release/publish-to-registry.js';
import { runCommand, type CommandResult } from '../../scripts/release/run-command.js';
import { publishablePackages, repositoryRoot } from '../../scripts/release/workspace-packages.js';

// A release as it happens for real: the release command publishes every package to a registry (Verdaccio
// on loopback, proxying everything else to the registry npm is configured for); then, in an empty folder
// outside the repository, `npx create-kit-app` makes each template from that registry (installed, never
// linked) and the app's documented commands run, ending with real requests to `npm start`.

const packages = publishablePackages();
const version = packages[0]!.manifest.version;
const timings: string[] = [];
let workspace: string;
let registry: LocalRegistry;

function timed(step: string, result: CommandResult): CommandResult {
  timings.push(`${step}: ${(result.ms / 1000).toFixed(1)} s`);
  return result;
}

/** Fails with the command's output when it did not succeed, so a failed step shows why. */
function expectSuccess(step: string, result: CommandResult): void {
  if (result.code !== 0) throw new Error(`${step} exited with ${String(result.code)}:\n${result.output.slice(-6000)}`);
}

function npm(cwd: string, args: readonly string[], timeoutMs = 10 * 60_000): Promise<CommandResult> {
  return runCommand('npm', args, { cwd, env: registry.env, timeoutMs });
}

/** `npm start` in the app, on a port of its own; resolves once it says where it serves. */
async function startApp(root: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    env: { ...registry.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const match = /serving (http:\/\/\S+)/.exec(output);
    if (match) return { url: match[1]!, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not serve: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The names of the files in a package tarball, without the `package/` prefix. */
function tarballFiles(tarball: Buffer): string[] {
  const listed = spawnSync('tar', ['-tzf', '-'], { input: tarball, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`tar could not list a tarball: ${listed.stderr}`);
  return listed.stdout
    .split('\n')
    .filter(Boolean)
    .map((name) => name.replace(/^package\//, ''));
}

function tarballManifest(tarball: Buffer): { exports?: unknown; scripts?: Record<string, string> } {
  const read = spawnSync('tar', ['-xzOf', '-', 'package/package.json'], { input: tarball, encoding: 'utf8' });
  return JSON.parse(read.stdout) as { exports?: unknown; scripts?: Record<string, string> };
}

/**
 * npx reuses a package it ran before when the version matches, so a create-kit-app of the same version
 * published by an earlier run would be run instead of the one just built: forget those first.
 */
function forgetEarlierCreateKitApp(): void {
  const listed = spawnSync('npm', ['cache', 'npx', 'ls'], { encoding: 'utf8' });
  const keys = listed.stdout
    .split('\n')
    .map((line) => /^(\w+): (.*)$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null && match[2]!.includes('create-kit-app'))
    .map((match) => match[1]!);
  if (keys.length > 0) spawnSync('npm', ['cache', 'npx', 'rm', ...keys], { stdio: 'ignore' });
}

beforeAll(async () => {
  forgetEarlierCreateKitApp();
  workspace = mkdtempSync(join(tmpdir(), 'kit-release-'));
  registry = await startLocalRegistry({ folder: join(workspace, 'registry') });
  const published = timed('npm run release (build and publish 13 packages)', await publishToRegistry(registry));
  expectSuccess('npm run release', published);
});

afterAll(async () => {
  await registry?.stop();
  console.log(`release journey, ${version}:\n  ${timings.join('\n  ')}`);
  if (workspace !== undefined) rmSync(workspace, { recursive: true, force: true });
});

describe('the release command', () => {
  it('publishes every package at the repository version, each tarball clean under publint', async () => {
    for (const pkg of packages) {
      const name = pkg.manifest.name;
      const packument = (await (await fetch(new URL(name.replace('/', '%2f'), registry.url))).json()) as {
        versions?: Record<string, { dist: { tarball: string } }>;
      };
      const published = packument.versions?.[version];
      expect(published, `${name}@${version} in the registry`).toBeDefined();
      const tarball = Buffer.from(await (await fetch(published!.dist.tarball)).arrayBuffer());

      const files = tarballFiles(tarball);
      // create-kit-app's templates hold the apps' own tests, which are part of what it writes.
      const shipped = files.filter((file) => !file.startsWith('templates/'));
      expect(
        shipped.filter((file) => /\.test\.|\/__fixtures__\/|\/testing\/|\.tsbuildinfo$|^src\//.test(file)),
        `${name} ships no tests or sources`,
      ).toEqual([]);
      expect(files, name).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE']));
      const manifest = tarballManifest(tarball);
      expect(JSON.stringify(manifest.exports ?? {}), `${name} exports`).not.toContain('kit-source');
      expect(manifest.scripts?.prepack, `${name} scripts`).toBeUndefined();

      const { messages } = await publint({
        pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
        strict: true,
        level: 'suggestion',
      });
      expect(
        messages.map((message) => `${message.code} at ${message.path.join('.')}`),
        `publint on ${name}`,
      ).toEqual([]);
    }
  });
});

// The two apps install at the same time: most of an install is waiting on the network.
describe.concurrent('an app made from the registry', () => {
  it('blank: npx create-kit-app, then verify, build and start answer as documented', async () => {
    const made = timed(
      'npx create-kit-app blank-app (with npm install)',
      await runCommand('npx', ['--yes', `create-kit-app@${version}`, 'blank-app'], {
        cwd: workspace,
        env: registry.env,
        timeoutMs: 15 * 60_000,
      }),
    );
    expectSuccess('npx create-kit-app blank-app', made);
    expect(made.output).toContain(`Created blank-app (template blank, kit ${version})`);
    const root = join(workspace, 'blank-app');
    expect(spawnSync('test', ['-L', join(root, 'node_modules')]).status, 'node_modules is installed, not linked').not.toBe(0);

    expectSuccess('npm run verify', timed('blank: npm run verify', await npm(root, ['run', 'verify'])));
    expectSuccess('npm run build', timed('blank: npm run build', await npm(root, ['run', 'build'])));
    const app = await startApp(root);
    try {
      const response = await fetch(new URL('/api/hello?name=Ada', app.url));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: 'Hello, Ada!' });
      const page = await fetch(app.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<!DOCTYPE html>');
    } finally {
      await app.stop();
    }
  });

  it('tickets: npx create-kit-app --template tickets, then db:push, verify, build, and a person signs up on npm start', async () => {
    const made = timed(
      'npx create-kit-app help-desk --template tickets (with npm install)',
      await runCommand('npx', ['--yes', `create-kit-app@${version}`, 'help-desk', '--template', 'tickets'], {
        cwd: workspace,
        env: registry.env,
        timeoutMs: 15 * 60_000,
      }),
    );
    expectSuccess('npx create-kit-app help-desk --template tickets', made);
    const root = join(workspace, 'help-desk');

    expectSuccess('npm run db:push', timed('tickets: npm run db:push', await npm(root, ['run', 'db:push'])));
    expectSuccess('npm run verify', timed('tickets: npm run verify', await npm(root, ['run', 'verify'])));
    expectSuccess('npm run build', timed('tickets: npm run build', await npm(root, ['run', 'build'])));
    const app = await startApp(root);
    try {
      const signup = await fetch(new URL('/auth/signup', app.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(app.url).origin },
        body: new URLSearchParams({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse battery' }).toString(),
      });
      expect(signup.status).toBe(303);
      const cookie = signup.headers.getSetCookie().find((line) => /session=/.test(line));
      expect(cookie, 'a session cookie after sign-up').toBeDefined();
      const me = await fetch(new URL('/api/me', app.url), { headers: { cookie: cookie!.split(';')[0]! } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ authType: 'human', name: expect.stringContaining('Ada') });
    } finally {
      await app.stop();
    }
  });
});

describe('create-kit-app with a registry that lacks kit', () => {
  it('says that kit is not published there and names both ways forward', async () => {
    const empty = await startLocalRegistry({ folder: join(workspace, 'empty-registry') });
    try {
      const bin = join(repositoryRoot, 'packages', 'create-kit-app', 'bin', 'create-kit-app.js');
      const result = await runCommand(process.execPath, [bin, 'no-kit-app'], { cwd: workspace, env: empty.env, timeoutMs: 10 * 60_000 });
      expect(result.code).toBe(3);
      expect(result.output).toMatch(/could not find @kit\/kit-[a-z]+(@[\d.]+)? in the registry npm is set to use/);
      expect(result.output).toContain('npm run registry');
      expect(result.output).toContain('--link <path of the clone>');
    } finally {
      await empty.stop();
    }
  });
});
