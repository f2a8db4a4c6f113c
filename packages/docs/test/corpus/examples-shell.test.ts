// The shell examples of the corpus, run for real against apps that create-kit-app makes from this
// repository's packages (see examples-shell.ts for the offline stand-ins). About 60 s: three of them
// run kit verify. Needs `npm run build` (the apps run the packages' compiled files) and git.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createOpsStore } from '@kit/kit-ops';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplesDir } from './examples-files.js';
import { caseFolder, runShellExample, writeShims, type ShellCase, type ShellRun } from './examples-shell.js';

const hasGit = spawnSync('git', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasGit) console.warn('\n*** The shell examples need git, which is not installed: they are skipped. ***\n');

interface CheckedCase extends ShellCase {
  readonly check: (run: ShellRun, folder: string) => Promise<void> | void;
}

/** Ended by itself with 0, or stopped by the test once ready (the server exits 0 on SIGINT). */
function succeeded(run: ShellRun): boolean {
  return run.stopped ? run.code === 0 || run.code === 130 || run.signal === 'SIGINT' : run.code === 0;
}

const cases: readonly CheckedCase[] = [
  {
    id: 'database-migration-workflow',
    template: 'tickets',
    // "You edited a defineModel() declaration, e.g. added a dueAt field".
    prepare: async (app) => {
      const file = join(app, 'app/models/ticket.ts');
      const text = await readFile(file, 'utf8');
      await writeFile(
        file,
        text.replace('  closedAt: datetime().optional(),', '  closedAt: datetime().optional(),\n  dueAt: datetime().optional(),'),
      );
    },
    check: (run, app) => {
      // The template has two migrations already: its tables, and the run store's (0002_kit_run_store_v1).
      expect(run.stdout).toMatch(/Wrote migrations\/0003_\w+\.sql/);
      expect(run.stdout).toContain('Applied 3 migrations to sqlite data/app.db');
      expect(execFileSync('git', ['log', '--format=%s'], { cwd: app, encoding: 'utf8' })).toContain('Add due date to tickets');
    },
  },
  {
    id: 'deployment-build-and-start',
    template: 'tickets',
    ready: /serving (http:\/\/127\.0\.0\.1:\d+)/,
    probe: ['/_kit/health', '/login', '/openapi.json'],
    check: (run) => {
      expect(run.stdout).toContain('kit verify passed: 8 steps passed');
      expect(run.stdout).toMatch(/Built 8 API route files and 7 pages into \.kit\/build\//);
      expect(run.stdout).toContain('Applied 2 migrations');
    },
  },
  {
    id: 'deployment-create-kit-app',
    template: null,
    ready: /dev server at (http:\/\/127\.0\.0\.1:\d+)/,
    probe: ['/', '/api/hello?name=Ada'],
    check: (run) => {
      expect(run.stdout).toMatch(/Created my-app \(template blank, kit [\d.]+\)/);
      expect(run.stdout).toContain('# AGENTS.md: working on My app');
    },
  },
  {
    id: 'deployment-deploy-init',
    template: 'tickets',
    args: ['kubernetes'],
    check: (run) => {
      expect(run.stdout).toContain('wrote  deploy/kubernetes/deployment.yaml');
      expect(run.stdout).toContain('?? Dockerfile');
      expect(run.stdout).toContain('?? deploy/');
    },
  },
  {
    id: 'deployment-scaffold-files',
    template: 'tickets',
    check: async (run, app) => {
      expect(run.stdout).toContain('kit verify passed: 8 steps passed');
      expect(await readFile(join(app, 'app/routes/api/invoices.api.ts'), 'utf8')).toContain('defineAPI(');
      expect(readdirSync(join(app, 'migrations')).some((name) => /^0003_.*\.sql$/.test(name))).toBe(true);
    },
  },
  {
    id: 'mcp-kit-mcp-command',
    template: 'tickets',
    check: async (run, app) => {
      expect(run.stdout).toContain('Wrote .mcp.json');
      // Start the server the way the client configuration says, with the app's own kit, and list its tools.
      const config = JSON.parse(await readFile(join(app, '.mcp.json'), 'utf8')) as {
        mcpServers: Record<string, { command: string; args: string[] }>;
      };
      const server = config.mcpServers['my-kit-app']!;
      expect(server.command).toBe('npx');
      expect(server.args.slice(0, 2)).toEqual(['kit', 'mcp']);
      const client = new Client({ name: 'shell-examples', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({ command: join(app, 'node_modules/.bin/kit'), args: server.args.slice(1), cwd: '/', stderr: 'pipe' }),
      );
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('post_api_tickets_id_close');
      } finally {
        await client.close();
      }
    },
  },
  {
    id: 'operations-ops-commands',
    template: 'tickets',
    // The app recorded operations into its store: a request, a failing job twice (an incident) and health.
    prepare: async (app) => {
      const store = createOpsStore({ path: join(app, '.kit/ops.sqlite') });
      store.record({
        kind: 'request',
        subject: 'GET /api/tickets',
        status: 'ok',
        durationMs: 8,
        data: { method: 'GET', path: '/api/tickets', httpStatus: 200 },
      });
      for (let attempt = 0; attempt < 3; attempt++)
        store.record({
          kind: 'job.run',
          subject: 'nightly-digest',
          status: 'error',
          data: { job: 'nightly-digest', error: 'mail server refused' },
        });
      store.snapshot('database', 'ok');
      store.snapshot('mail', 'degraded', { reason: 'refusing connections' });
      store.close();
    },
    ready: /Following .*press Ctrl-C to stop/,
    check: (run) => {
      expect(run.stdout).toContain('mail');
      expect(run.stdout).toContain('GET /api/tickets');
      expect(run.stdout).toContain('nightly-digest');
    },
  },
  {
    id: 'routing-file-conventions',
    template: 'blank',
    ready: /dev server at (http:\/\/127\.0\.0\.1:\d+)/,
    probe: ['/tickets', '/tickets/42', '/api/tickets', '/api/tickets/42', '/admin/users', '/pricing'],
    check: (run) => {
      expect(run.stderr).not.toMatch(/unknown_convention|route_conflict|build failed/);
    },
  },
  {
    id: 'testing-kit-verify',
    template: 'tickets',
    check: (run) => {
      expect(run.stdout).toContain('npm ci: node_modules is the linked kit workspace');
      expect(run.stdout).toContain('kit verify passed: 8 steps passed');
      expect(run.stdout).toMatch(/Built 8 API route files/);
    },
  },
];

let shims: string;
const folders: string[] = [];
beforeAll(async () => {
  shims = await writeShims();
});
afterAll(async () => {
  await Promise.all([shims, ...folders].filter(Boolean).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe.runIf(hasGit)('corpus shell examples run against a scaffolded app', () => {
  it('covers every shell example of the corpus', () => {
    const shellExamples = readdirSync(examplesDir)
      .filter((name) => name.endsWith('.sh'))
      .map((name) => name.slice(0, -3));
    expect(cases.map((entry) => entry.id).sort()).toEqual(shellExamples.sort());
  });

  it.concurrent.each(cases.map((entry) => [entry.id, entry] as const))(
    '%s',
    async (_id, entry) => {
      const folder = await caseFolder(entry.template);
      folders.push(entry.template === null ? folder : join(folder, '..'));
      await entry.prepare?.(folder);
      // Ten examples type-check, test and build apps at once; on two cores the slowest takes about 95 s.
      const run = await runShellExample(entry, folder, shims, 200_000);
      const report = `${entry.id}.sh in ${folder}\nexit ${run.code} ${run.signal ?? ''}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
      expect(succeeded(run), report).toBe(true);
      if (entry.ready) {
        expect(run.stopped, report).toBe(true);
        for (const path of entry.probe ?? []) expect(run.probes[path], `${path}\n${report}`).toBe(200);
      }
      await entry.check(run, folder);
    },
    240_000,
  );
});
