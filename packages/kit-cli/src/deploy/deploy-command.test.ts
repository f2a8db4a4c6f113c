import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DockerfileParser } from 'dockerfile-ast';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';
import { parse as parseToml } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { createTempApp, runKitInProcess, type TempApp } from '../testing/temp-app.js';

let app: TempApp;
beforeEach(async () => {
  app = await createTempApp({
    'package.json': JSON.stringify({ name: '@acme/Help Desk', private: true, type: 'module', dependencies: { '@kit/kit-cli': '0.1.0' } }),
  });
});
afterEach(() => app.remove());

const kit = (...args: string[]) => runKitInProcess(args, { cwd: app.root });
const read = (path: string) => readFileSync(join(app.root, path), 'utf8');

/** A kit.config.ts whose database is a PostgreSQL server, so the app may run several replicas. */
const postgresConfig = `import { defineConfig } from '@kit/kit-core';

export default defineConfig({
  info: { title: 'Help desk', version: '1.0.0' },
  routes: {},
  database: { provider: 'postgres', url: 'postgres://app@db.internal:5432/app' },
});
`;

describe('kit deploy:init --target kubernetes', () => {
  it('writes a Deployment, a Service and a PodDisruptionBudget that validate against the Kubernetes API schemas', async () => {
    await app.write('kit.config.ts', postgresConfig);
    const result = await kit('deploy:init', '--target', 'kubernetes');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n').slice(0, 9)).toEqual([
      'Deployment files for kubernetes (help-desk):',
      '         FILE                                  WHAT',
      '  wrote  deploy/kubernetes/deployment.yaml     2 replicas of help-desk:latest; kit db:push in an init container before the app starts; startup, readiness and liveness probes on /_kit/health; resources',
      '  wrote  deploy/kubernetes/service.yaml        ClusterIP service, port 80 to 3000',
      '  wrote  deploy/kubernetes/pdb.yaml            PodDisruptionBudget: at least 1 pod available during drains',
      '  wrote  deploy/kubernetes/kustomization.yaml  lists the manifests for kubectl apply -k',
      '  wrote  Dockerfile                            multi-stage image: kit build, then kit start as user node; HEALTHCHECK on /_kit/health',
      '  wrote  .dockerignore                         keeps node_modules, .kit, local databases and .env files out of the build',
      'Next: build and push the image (docker build -t help-desk:latest . && docker push help-desk:latest),',
    ]);

    const documents = ['deployment', 'service', 'pdb'].map((name) => {
      const parsed = parseAllDocuments(read(`deploy/kubernetes/${name}.yaml`));
      expect(parsed).toHaveLength(1);
      expect(parsed[0]?.errors).toEqual([]);
      return parsed[0]?.toJS() as Record<string, never>;
    });
    const [deploymentObject, serviceObject, pdbObject] = documents;
    // Each validate() throws with the schema's errors when a field is missing or of the wrong type.
    new Deployment(deploymentObject).validate();
    new Service(serviceObject).validate();
    new PodDisruptionBudget(pdbObject).validate();

    const deployment = new Deployment(deploymentObject);
    expect(deployment.spec?.replicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec?.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } });
    const container = deployment.spec?.template.spec?.containers[0];
    expect(container?.image).toBe('help-desk:latest');
    for (const probe of [container?.readinessProbe, container?.livenessProbe, container?.startupProbe])
      expect(probe?.httpGet).toEqual({ path: '/_kit/health', port: 'http' });
    expect(container?.ports).toEqual([{ name: 'http', containerPort: 3000, protocol: 'TCP' }]);
    expect(container?.resources).toEqual({ requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '1', memory: '512Mi' } });
    expect(deployment.spec?.template.spec?.securityContext?.runAsNonRoot).toBe(true);
    expect(deployment.spec?.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'help-desk' });
    expect(deployment.spec?.template.metadata?.labels).toMatchObject(deployment.spec?.selector.matchLabels ?? { missing: true });

    const service = new Service(serviceObject);
    expect(service.spec?.selector).toEqual({ 'app.kubernetes.io/name': 'help-desk' });
    expect(service.spec?.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]);
    const pdb = new PodDisruptionBudget(pdbObject);
    expect(pdb.spec).toEqual({ minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': 'help-desk' } } });

    expect(parseYaml(read('deploy/kubernetes/kustomization.yaml'))).toEqual({
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      resources: ['deployment.yaml', 'service.yaml', 'pdb.yaml'],
    });
  });

  it('takes the image, the replicas, the port and the health path from options', async () => {
    await app.write('kit.config.ts', postgresConfig);
    const result = await kit(
      'deploy:init',
      '--target',
      'kubernetes',
      '--image',
      'ghcr.io/acme/help-desk:1.4.0',
      '--replicas',
      '3',
      '--port',
      '8080',
      '--health-path',
      '/api/health',
      '--name',
      'desk',
    );
    expect(result.code).toBe(0);
    const deployment = new Deployment(parseYaml(read('deploy/kubernetes/deployment.yaml')) as Record<string, never>);
    deployment.validate();
    const container = deployment.spec?.template.spec?.containers[0];
    expect([
      deployment.metadata?.name,
      deployment.spec?.replicas,
      container?.image,
      container?.ports?.[0]?.containerPort,
      container?.readinessProbe?.httpGet?.path,
    ]).toEqual(['desk', 3, 'ghcr.io/acme/help-desk:1.4.0', 8080, '/api/health']);
    expect(container?.env).toContainEqual({ name: 'PORT', value: '8080' });
  });

  it('refuses to overwrite its files without --force, writing nothing, and keeps an existing Dockerfile', async () => {
    await app.write('kit.config.ts', postgresConfig);
    await app.write('Dockerfile', 'FROM scratch\n');
    expect((await kit('deploy:init', '--target', 'kubernetes')).stdout).toContain(
      '  kept   Dockerfile                            exists already (--force overwrites it)',
    );
    expect(read('Dockerfile')).toBe('FROM scratch\n');
    await app.write('deploy/kubernetes/service.yaml', '# mine\n');
    expect(await kit('deploy:init', '--target', 'kubernetes')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'kit deploy:init: deploy/kubernetes/deployment.yaml, deploy/kubernetes/service.yaml, deploy/kubernetes/pdb.yaml and deploy/kubernetes/kustomization.yaml already exist; nothing was written. Pass --force to overwrite, after committing or backing up your changes.\n',
    });
    expect(read('deploy/kubernetes/service.yaml')).toBe('# mine\n');
    const forced = await kit('deploy:init', '--target', 'kubernetes', '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('  overwrote  deploy/kubernetes/service.yaml');
    expect(forced.stdout).toContain('  overwrote  Dockerfile');
    expect(read('Dockerfile')).toContain('AS runtime');
  });
});

/** The base app (SQLite in data/app.db) with a policy that holds calls for approval and no approvals store. */
const sqliteApprovalsConfig = `import { defineConfig, definePolicy } from '@kit/kit-core';

const agentsAsk = definePolicy({ key: 'agents-ask', title: 'Agents ask first', effect: 'approve', check: async ({ ctx }) => ({ applies: ctx.authType === 'agent' }) });

export default defineConfig({
  info: { title: 'Help desk', version: '1.0.0' },
  routes: {},
  policies: [agentsAsk],
  database: { provider: 'sqlite', url: 'data/app.db' },
});
`;

describe('kit deploy:init --target kubernetes for an app that must run as one process', () => {
  it('writes one replica, a volume for the SQLite file and kit db:push before the app, and says why', async () => {
    await app.write('kit.config.ts', sqliteApprovalsConfig);
    const result = await kit('deploy:init', '--target', 'kubernetes');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(0, 8)).toEqual([
      'Deployment files for kubernetes (help-desk):',
      '         FILE                                  WHAT',
      '  wrote  deploy/kubernetes/deployment.yaml     1 replica of help-desk:latest; kit db:push in an init container before the app starts; volume help-desk-data at /app/data; startup, readiness and liveness probes on /_kit/health; resources',
      '  wrote  deploy/kubernetes/service.yaml        ClusterIP service, port 80 to 3000',
      '  wrote  deploy/kubernetes/pvc.yaml            PersistentVolumeClaim help-desk-data: 1Gi, ReadWriteOnce, for data/app.db',
      '  wrote  deploy/kubernetes/kustomization.yaml  lists the manifests for kubectl apply -k',
      '  wrote  Dockerfile                            multi-stage image: kit build, then kit start as user node; HEALTHCHECK on /_kit/health',
      '  wrote  .dockerignore                         keeps node_modules, .kit, local databases and .env files out of the build',
    ]);
    expect(result.stderr).toBe(
      [
        'Note: 1 replica, replaced rather than rolled on each deploy, since the database is the SQLite file data/app.db, which one pod at a time can use; and the approvals of policy "agents-ask" live in the memory of the process (kit.config.ts gives no approvals.store), so a pod would not see those made on another.',
        'To run more replicas, move the data to PostgreSQL or MySQL (database in kit.config.ts) and keep approvals in Redis (approvals: { store: new RedisStore({ url }) } in kit.config.ts), then run kit deploy:init --target kubernetes --force again.',
        '',
      ].join('\n'),
    );

    const deploymentObject = parseYaml(read('deploy/kubernetes/deployment.yaml')) as Record<string, never>;
    new Deployment(deploymentObject).validate();
    const deployment = new Deployment(deploymentObject);
    expect(deployment.spec?.replicas).toBe(1);
    expect(deployment.spec?.strategy).toEqual({ type: 'Recreate' });
    const pod = deployment.spec?.template.spec;
    const [migrate] = pod?.initContainers ?? [];
    const [container] = pod?.containers ?? [];
    expect(migrate?.command).toEqual(['node_modules/.bin/kit', 'db:push']);
    expect(migrate?.image).toBe(container?.image);
    expect(migrate?.envFrom).toEqual(container?.envFrom);
    for (const mounts of [migrate?.volumeMounts, container?.volumeMounts])
      expect(mounts).toEqual([{ name: 'data', mountPath: '/app/data' }]);
    expect(pod?.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'help-desk-data' } }]);
    const claim = new PersistentVolumeClaim(parseYaml(read('deploy/kubernetes/pvc.yaml')) as Record<string, never>);
    claim.validate();
    expect(claim.spec).toEqual({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } });
    expect(existsSync(join(app.root, 'deploy/kubernetes/pdb.yaml'))).toBe(false);
    expect((parseYaml(read('deploy/kubernetes/kustomization.yaml')) as { resources: string[] }).resources).toEqual([
      'deployment.yaml',
      'service.yaml',
      'pvc.yaml',
    ]);
  });

  it('refuses more replicas, naming what keeps the app to one', async () => {
    const result = await kit('deploy:init', '--target', 'kubernetes', '--replicas', '3');
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'kit deploy:init: --replicas 3: this app must run as one pod, since the database is the SQLite file data/app.db, which one pod at a time can use. Leave out --replicas (or pass 1), or first move the data to PostgreSQL or MySQL (database in kit.config.ts)\n',
    });
    expect(existsSync(join(app.root, 'deploy'))).toBe(false);
  });

  it('leaves out the migration step for an app without a database', async () => {
    await app.write('kit.config.ts', 'export default { routes: {} };\n');
    expect((await kit('deploy:init', '--target', 'kubernetes')).code).toBe(0);
    const deployment = new Deployment(parseYaml(read('deploy/kubernetes/deployment.yaml')) as Record<string, never>);
    expect(deployment.spec?.replicas).toBe(2);
    expect(deployment.spec?.template.spec?.initContainers).toBeUndefined();
  });
});

describe('kit deploy:init --target docker', () => {
  it('writes a multi-stage Dockerfile that builds with kit build and runs kit start as a non-root user with a HEALTHCHECK', async () => {
    expect((await kit('deploy:init', '--target', 'docker')).code).toBe(0);
    const dockerfile = DockerfileParser.parse(read('Dockerfile'));
    const froms = dockerfile.getFROMs();
    expect(froms.map((from) => [from.getImage(), from.getBuildStage()])).toEqual([
      ['node:22-bookworm-slim', 'build'],
      ['node:22-bookworm-slim', 'runtime'],
    ]);
    const instructions = dockerfile
      .getInstructions()
      .map((instruction): [string, string] => [instruction.getKeyword(), instruction.getArgumentsContent() ?? '']);
    const runtimeStart = instructions.findIndex(([keyword, args]) => keyword === 'FROM' && args.endsWith('AS runtime'));
    const build = instructions.slice(0, runtimeStart);
    const runtime = instructions.slice(runtimeStart);
    expect(build).toContainEqual(['RUN', 'npx kit build && npm prune --omit=dev']);
    expect(runtime).toContainEqual(['COPY', '/app ./']);
    expect(read('Dockerfile').split('\n')).toContain('COPY --from=build --chown=node:node /app ./');
    expect(runtime).toContainEqual(['USER', 'node']);
    expect(runtime.at(-1)).toEqual(['CMD', '["node_modules/.bin/kit", "start"]']);
    const healthchecks = dockerfile.getHEALTHCHECKs();
    expect(healthchecks).toHaveLength(1);
    expect(healthchecks[0]?.getSubcommand()?.getValue()).toBe('CMD');
    expect(read('.dockerignore').split('\n')).toEqual(expect.arrayContaining(['node_modules', '.kit', '.env', '*.db']));
  });

  it('has a HEALTHCHECK command that passes while the app answers its health path and fails otherwise', async () => {
    await kit('deploy:init', '--target', 'docker');
    const line = read('Dockerfile')
      .split('\n')
      .find((text) => text.trim().startsWith('CMD ["node", "-e"'));
    const command = JSON.parse((line ?? '').trim().slice('CMD '.length)) as string[];
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    let healthy = true;
    const server = createServer((request, response) => {
      response.statusCode = healthy && request.url === '/_kit/health' ? 200 : 503;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = String((server.address() as AddressInfo).port);
    const probe = () =>
      promisify(execFile)(process.execPath, command.slice(1), { env: { PORT: port } }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    try {
      expect(await probe()).toBe(0);
      healthy = false;
      expect(await probe()).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await probe()).toBe(1);
  });

  it('warns when @kit/kit-cli would be pruned from the image', async () => {
    await app.write('package.json', JSON.stringify({ name: 'desk', type: 'module', devDependencies: { '@kit/kit-cli': '0.1.0' } }));
    const result = await kit('deploy:init', '--target', 'docker');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'Note: the image runs kit start after npm prune --omit=dev, so @kit/kit-cli must be in dependencies (not devDependencies) of package.json: npm install @kit/kit-cli\n',
    );
  });
});

describe('kit deploy:init --target fly', () => {
  it('writes a fly.toml with an HTTP health check, and the Dockerfile it builds', async () => {
    const result = await kit('deploy:init', '--target', 'fly', '--region', 'ams');
    expect(result.code).toBe(0);
    const config = parseToml(read('fly.toml')) as Record<string, any>;
    expect(config.app).toBe('help-desk');
    expect(config.primary_region).toBe('ams');
    expect(config.build).toEqual({ dockerfile: 'Dockerfile' });
    expect(config.env).toEqual({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000' });
    expect(config.http_service).toMatchObject({ internal_port: 3000, force_https: true, min_machines_running: 1 });
    expect(config.http_service.checks).toEqual([
      { grace_period: '10s', interval: '15s', method: 'GET', path: '/_kit/health', timeout: '5s' },
    ]);
    expect(read('Dockerfile')).toContain('CMD ["node_modules/.bin/kit", "start"]');
  });
});

describe('usage errors', () => {
  it('need a known target and valid values', async () => {
    expect(await kit('deploy:init')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'kit deploy:init: --target is required: docker, kubernetes or fly (kit deploy:init --target docker)\n',
    });
    expect((await kit('deploy:init', '--target', 'kubernets')).stderr).toBe(
      'kit deploy:init: unknown target "kubernets"; did you mean kubernetes? The targets are docker, kubernetes or fly.\n',
    );
    expect((await kit('deploy:init', '--target', 'heroku')).stderr).toBe(
      'kit deploy:init: unknown target "heroku"; the targets are docker, kubernetes or fly.\n',
    );
    await app.write('kit.config.ts', postgresConfig);
    expect((await kit('deploy:init', '--target', 'kubernetes', '--replicas', '1')).stderr).toBe(
      'kit deploy:init: --replicas must be a whole number from 2 to 100 (two at least, so a node can be drained while the app keeps serving); got "1"\n',
    );
    expect((await kit('deploy:init', '--target', 'docker', '--name', 'Help_Desk')).stderr).toBe(
      'kit deploy:init: --name must be a DNS label (lower-case letters, digits and dashes, at most 63, starting and ending with a letter or digit); got "Help_Desk", try "help-desk"\n',
    );
    expect((await kit('deploy:init', '--target', 'docker', '--health-path', 'health')).code).toBe(2);
  });
});
