import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { failure, usageError } from '../cli/cli-error.js';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { table } from '../cli/table.js';
import { andList, orList, suggestions } from '../cli/suggest.js';
import { isFile, requireAppFolder } from '../app/app-folder.js';
import { noNeeds, readAppNeeds } from './app-needs.js';
import { deploySettings, type DeploySettings } from './deploy-settings.js';
import { deployTargets, type DeployTarget } from './targets.js';

function targetOf(context: CommandContext): DeployTarget {
  const name = context.string('target');
  const names = deployTargets.map((target) => target.name);
  if (name === undefined) throw usageError(`--target is required: ${orList(names)} (kit deploy:init --target docker)`);
  const target = deployTargets.find((candidate) => candidate.name === name);
  if (target === undefined) {
    const close = suggestions(name, names);
    throw usageError(
      `unknown target "${name}"; ${close.length > 0 ? `did you mean ${close[0]}? The targets are` : 'the targets are'} ${orList(names)}.`,
    );
  }
  return target;
}

/** The image runs `kit start`, which needs @kit/kit-cli after `npm prune --omit=dev`. */
function cliDependencyWarning(root: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, unknown> };
    if (manifest.dependencies?.['@kit/kit-cli'] !== undefined) return null;
  } catch {
    // An unreadable package.json was reported by requireAppFolder's caller or will be by npm.
  }
  return 'Note: the image runs kit start after npm prune --omit=dev, so @kit/kit-cli must be in dependencies (not devDependencies) of package.json: npm install @kit/kit-cli';
}

/** What the person is told about an app that must run as one pod, or whose data folder no volume can hold. */
function singleProcessNotes(settings: DeploySettings): string[] {
  const { app } = settings;
  const notes: string[] = [];
  if (app.singleProcess.length > 0) {
    notes.push(
      `Note: 1 replica, replaced rather than rolled on each deploy, since ${app.singleProcess.map((item) => item.reason).join('; and ')}.`,
    );
    notes.push(
      `To run more replicas, ${app.singleProcess.map((item) => item.fix).join(' and ')}, then run kit deploy:init --target kubernetes --force again.`,
    );
  }
  if (app.sqliteFile !== null && app.dataFolder === null) {
    notes.push(
      `Note: the SQLite file ${app.sqliteFile} is in the app's own folder, which no volume can hold without hiding the app: move it into a folder (such as data/${app.sqliteFile}), then run kit deploy:init --target kubernetes --force again; until then its data is lost whenever the pod is replaced.`,
    );
  }
  return notes;
}

async function run(context: CommandContext) {
  const target = targetOf(context);
  requireAppFolder(context.root);
  const settings = deploySettings(context, target.name === 'kubernetes' ? await readAppNeeds(context) : noNeeds);
  const force = context.flag('force');
  const files = target.files(settings);
  const existing = files.filter((file) => isFile(join(context.root, file.path)));
  const blocking = existing.filter((file) => file.role === 'own');
  if (blocking.length > 0 && !force) {
    throw failure(
      `${andList(blocking.map((file) => file.path))} already ${blocking.length === 1 ? 'exists' : 'exist'}; nothing was written. Pass --force to overwrite, after committing or backing up your changes.`,
    );
  }
  const rows: string[][] = [];
  for (const file of files) {
    const present = existing.includes(file);
    if (present && file.role === 'shared' && !force) {
      rows.push(['kept', file.path, 'exists already (--force overwrites it)']);
      continue;
    }
    const path = join(context.root, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    rows.push([present ? 'overwrote' : 'wrote', file.path, file.about]);
  }
  context.out(`Deployment files for ${target.name} (${settings.name}):`);
  for (const row of table(['', 'FILE', 'WHAT'], rows, context.style.out)) context.out(row);
  for (const line of target.next(settings)) context.out(line);
  if (target.name === 'kubernetes') for (const note of singleProcessNotes(settings)) context.err(context.style.err.yellow(note));
  const warning = cliDependencyWarning(context.root);
  if (warning !== null) context.err(context.style.err.yellow(warning));
  return exitCodes.ok;
}

/** `kit deploy:init`. */
export const deployInitCommand: CommandSpec = {
  name: 'deploy:init',
  group: 'Scaffold and deploy',
  summary: 'Generates deployment files',
  usage: 'deploy:init --target <docker|kubernetes|fly> [--force] [options]',
  description: `Writes the files a deployment target needs, to review and commit:
${deployTargets.map((target) => `  ${target.name.padEnd(11)}${target.summary}`).join('\n')}
The image is multi-stage (npm ci and kit build, then kit start as the unprivileged node user) and
every target checks the app's health on --health-path (default /_kit/health, which kit start answers
ahead of the app's middleware). The Kubernetes manifests follow kit.config.ts: with a database, an init
container runs kit db:push before the app starts; an app whose database is a SQLite file, or whose
approvals live in memory, runs as 1 replica (said on standard error), with a volume for the SQLite file.
Existing files are never overwritten without --force (exit 1, nothing written); a Dockerfile that
Kubernetes or Fly builds from is kept when it exists.`,
  positionals: [],
  options: [
    { name: 'target', type: 'string', value: '<name>', description: 'docker, kubernetes or fly (required)' },
    { name: 'force', type: 'boolean', description: 'overwrite existing files' },
    { name: 'name', type: 'string', value: '<name>', description: "the app's name in the files, a DNS label (default: from package.json)" },
    { name: 'port', type: 'string', value: '<n>', description: 'the port the app listens on in the container (default 3000)' },
    {
      name: 'health-path',
      type: 'string',
      value: '<path>',
      description: 'the path probes and health checks request (default /_kit/health)',
    },
    { name: 'image', type: 'string', value: '<ref>', description: 'kubernetes: the image to run (default <name>:latest)' },
    {
      name: 'replicas',
      type: 'string',
      value: '<n>',
      description: 'kubernetes: pods to run, 2 or more (default 2); 1 for an app that must run as one process',
    },
    { name: 'region', type: 'string', value: '<code>', description: "fly: the primary region, such as ams (default: fly launch's choice)" },
  ],
  examples: [
    'kit deploy:init --target docker',
    'kit deploy:init --target kubernetes --image ghcr.io/acme/helpdesk:1.4.0 --replicas 3',
    'kit deploy:init --target fly --region ams',
  ],
  // kubernetes reads kit.config.ts, which may read .env (DATABASE_URL).
  readsEnvFile: true,
  run,
};
