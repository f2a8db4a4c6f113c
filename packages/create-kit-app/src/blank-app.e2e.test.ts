// End to end, as a newcomer would: create-kit-app writes the blank template into a temporary folder with
// the repository's packages linked (no registry), then each documented kit command runs on it. The kit
// commands run the built CLI (npm run build first). Slow steps are marked SLOW with their usual time.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runCreateKitApp } from './cli/run.js';
import { connectKitMcp, runKit, startKit, until } from './testing/kit-process.js';

const repository = fileURLToPath(new URL('../../../', import.meta.url));

let folder: string;
let root: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'create-kit-app-e2e-'));
  root = join(folder, 'help-desk');
});
afterAll(() => rm(folder, { recursive: true, force: true }));

interface VerifyReport {
  readonly ok: boolean;
  readonly failedStep: number | null;
  readonly steps: readonly {
    readonly name: string;
    readonly status: string;
    readonly problems: readonly { readonly file?: string; readonly message: string }[];
  }[];
}

async function verify(): Promise<VerifyReport> {
  return JSON.parse((await runKit(root, ['verify', '--json'])).stdout) as VerifyReport;
}

describe('create-kit-app help-desk --template blank --link <repository>', () => {
  it('writes the blank app and links the workspace packages', async () => {
    let stdout = '';
    const code = await runCreateKitApp(['help-desk', '--template', 'blank', '--link', repository], {
      cwd: folder,
      env: {},
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
      interactive: false,
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Created help-desk \(template blank, kit 0\.1\.0\) in .*help-desk: 11 files/);
    expect(stdout).toContain('Dependencies: linked to the kit repository');
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(manifest.scripts).toEqual({
      dev: 'kit dev',
      build: 'kit build',
      start: 'kit start',
      verify: 'kit verify',
      test: 'vitest run',
      'db:migrate': 'kit db:migrate',
      'db:push': 'kit db:push',
      'db:status': 'kit db:status',
    });
    expect(manifest.dependencies['@kit/kit-cli']).toBe('0.1.0');
    expect(await readFile(join(root, 'README.md'), 'utf8')).toContain('# Help desk');
  });

  it('passes kit verify: every step but migrations (no models yet)', { timeout: 60_000 }, async () => {
    // SLOW: about 15 s (tsc, a build, vitest).
    const report = await verify();
    expect(report.steps.map((step) => `${step.name}:${step.status}`)).toEqual([
      'structure:pass',
      'routes:pass',
      'types:pass',
      'load:pass',
      'migrations:skip',
      'policies:pass',
      'contract:pass',
      'tests:pass',
    ]);
    expect(report.ok).toBe(true);
  });

  it('fails kit verify at the routes step for a bad route file, and at the types step for a type error', { timeout: 60_000 }, async () => {
    await writeFile(join(root, 'app/routes/about.page.ts'), 'export default function About() { return null; }\n');
    const badRoute = await verify();
    expect(badRoute.failedStep).toBe(2);
    expect(badRoute.steps[1]?.problems[0]?.file).toContain('about.page.ts');
    await rm(join(root, 'app/routes/about.page.ts'));

    // SLOW: about 5 s (tsc, incremental).
    await writeFile(join(root, 'app/count.ts'), "export const count: number = 'three';\n");
    const typeError = await verify();
    expect(typeError.ok).toBe(false);
    expect(typeError.failedStep).toBe(3);
    expect(typeError.steps[2]?.problems[0]?.file).toContain('app/count.ts');
    await rm(join(root, 'app/count.ts'));
  });

  it('serves the page and the API with kit dev, and an API added with kit add at once', { timeout: 60_000 }, async () => {
    const dev = startKit(root, ['dev', '--port', '0']);
    try {
      const [, url] = await dev.waitFor(/dev server at (http:\/\/127\.0\.0\.1:\d+)/);
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Welcome to Help desk');
      expect(await (await fetch(`${url}/api/hello?name=Ada`)).json()).toEqual({ message: 'Hello, Ada!' });
      expect((await fetch(`${url}/nowhere`)).status).toBe(404);

      expect((await runKit(root, ['add', 'api', 'hello2'])).code).toBe(0);
      const added = await until(async () => {
        const response = await fetch(`${url}/api/hello2?name=Bo`);
        return response.status === 200 ? ((await response.json()) as unknown) : undefined;
      });
      expect(added).toEqual({ message: 'Hello, Bo!' });
    } finally {
      expect((await dev.stop()).code).toBe(0);
    }
  });

  it('serves the same after kit build with kit start', { timeout: 60_000 }, async () => {
    const build = await runKit(root, ['build']);
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/^Built 2 API route files and 1 page into \.kit\/build\//);
    const server = startKit(root, ['start', '--port', '0']);
    try {
      const [, url] = await server.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+)/);
      expect(await (await fetch(`${url}/`)).text()).toContain('Welcome to Help desk');
      expect(await (await fetch(`${url}/api/hello?name=Ada`)).json()).toEqual({ message: 'Hello, Ada!' });
      expect(await (await fetch(`${url}/api/hello2`)).json()).toEqual({ message: 'Hello, world!' });
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  });

  it("lists the app's tools to the official MCP client with kit mcp", { timeout: 60_000 }, async () => {
    const client = await connectKitMcp(root, 'create-kit-app-e2e');
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['get_api_hello', 'get_api_hello2']);
      const result = await client.callTool({ name: 'get_api_hello', arguments: { name: 'Cy' } });
      expect(result.structuredContent).toEqual({ message: 'Hello, Cy!' });
    } finally {
      await client.close();
    }
  });

  it('migrates, pushes and reports a model on SQLite', { timeout: 60_000 }, async () => {
    expect((await runKit(root, ['add', 'model', 'ticket'])).code).toBe(0);
    expect((await runKit(root, ['db:status', '--check'])).code).toBe(1);
    const migrate = await runKit(root, ['db:migrate', '--name', 'tickets']);
    expect(migrate.code).toBe(0);
    const push = await runKit(root, ['db:push']);
    expect(push.code).toBe(0);
    const status = await runKit(root, ['db:status', '--json', '--check']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ applied: [expect.objectContaining({ name: expect.stringContaining('tickets') })] });
  });

  it('writes Kubernetes manifests that validate against their schemas', async () => {
    const result = await runKit(root, ['deploy:init', '--target', 'kubernetes']);
    expect(result.code).toBe(0);
    const read = async (name: string) => {
      const documents = parseAllDocuments(await readFile(join(root, 'deploy/kubernetes', `${name}.yaml`), 'utf8'));
      expect(documents).toHaveLength(1);
      expect(documents[0]?.errors).toEqual([]);
      return documents[0]?.toJS() as Record<string, never>;
    };
    // validate() throws with the schema's errors when a field is missing or of the wrong type.
    const deployment = new Deployment(await read('deployment'));
    deployment.validate();
    new Service(await read('service')).validate();
    // The app keeps its data in a SQLite file: one pod, the file's folder on a volume, no disruption budget.
    new PersistentVolumeClaim(await read('pvc')).validate();
    expect(deployment.spec?.replicas).toBe(1);
    expect(deployment.spec?.template.spec?.initContainers?.[0]?.command).toEqual(['node_modules/.bin/kit', 'db:push']);
    expect(result.stderr).toContain('Note: 1 replica');
    expect(deployment.metadata?.name).toBe('help-desk');
  });
});
