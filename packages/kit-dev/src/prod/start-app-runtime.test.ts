import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, type FixtureCopy } from '../testing/fixture.js';
import { buildApp } from './build-app.js';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const script = fileURLToPath(new URL('../testing/serve-build.ts', import.meta.url));
const refusal = fileURLToPath(new URL('../testing/register-refusal.mjs', import.meta.url));

let copy: FixtureCopy;
const children: ChildProcess[] = [];

beforeAll(async () => {
  copy = await copyFixture();
  await buildApp({ root: copy.root, conditions: ['kit-source'] });
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await copy?.remove();
});

/**
 * Runs `startApp` on the build in a Node process whose module loader refuses esbuild, typescript and
 * chokidar (tsx compiles the workspace's TypeScript sources, with its own esbuild left alone).
 */
function serveInChild(
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; refused: string | null; stderr: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions', 'kit-source', '--import', refusal, script, copy.root], {
    cwd: repository,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'packages/kit-react/tsconfig.json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((text) => text.startsWith('{'));
      if (line) resolve({ child, ...(JSON.parse(line) as { url: string; refused: string | null }), stderr: () => stderr });
    });
    child.once('exit', (code) => reject(new Error(`the child exited with ${code} before serving: ${stderr}`)));
  });
}

describe('startApp at run time', () => {
  it('serves pages and APIs with esbuild, typescript and chokidar refused to the module loader', async () => {
    // The child tries `import('esbuild')` once it serves: that refusal shows the guard is in place.
    const { child, url, refused, stderr } = await serveInChild({ KIT_TRY_IMPORT: 'esbuild' });
    expect(refused).toContain('KIT-REFUSED: esbuild');
    const page = await fetch(`${url}/tickets`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Printer on fire');
    expect(await (await fetch(`${url}/api/tickets/1`)).json()).toMatchObject({ title: 'Printer on fire' });
    expect(stderr()).not.toContain('KIT-REFUSED');
    child.kill('SIGTERM');
  });

  it("takes a page's form posts: the action calls the API route under its policy, behind the cross-site check", async () => {
    const { child, url } = await serveInChild();
    const post = (title: string, origin = url) =>
      fetch(`${url}/tickets`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin },
        body: new URLSearchParams({ 'kit-action': 'open', title }),
      });
    const opened = await post('Window stuck');
    expect(opened.status).toBe(303);
    const location = opened.headers.get('location')!;
    expect(location).toMatch(/^\/tickets\/\d+$/);
    expect(await (await fetch(`${url}/api${location}`)).json()).toMatchObject({ title: 'Window stuck' });
    // The route's deny policy refuses the form as it refuses the API call: the page's error view, 403.
    const reserved = await post('forbidden');
    expect(reserved.status).toBe(403);
    expect(await reserved.text()).toContain('the title &quot;forbidden&quot; is reserved');
    // Another site's page cannot post the form.
    expect((await post('Sneaky', 'https://evil.example')).status).toBe(403);
    // A page without actions takes no posts.
    const about = await fetch(`${url}/about`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
      body: '',
    });
    expect(about.status).toBe(405);
    child.kill('SIGTERM');
  });
});
