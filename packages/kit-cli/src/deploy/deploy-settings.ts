import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { usageError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { noNeeds, type AppNeeds } from './app-needs.js';

/** What the generated files are made from. */
export interface DeploySettings {
  /** A DNS label: the image, Deployment, Service and Fly app name. */
  readonly name: string;
  /** The container image Kubernetes runs. */
  readonly image: string;
  readonly port: number;
  /** The path every probe and health check requests. */
  readonly healthPath: string;
  readonly replicas: number;
  /** Fly's primary region, when given. */
  readonly region: string | null;
  /** What the app needs of the deployment: one process, a volume for its SQLite file, migrations. */
  readonly app: AppNeeds;
}

const dnsLabel = /^[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?$/;

/** The package name as a DNS label: `@acme/Help Desk` → `help-desk`. */
export function labelOf(text: string): string {
  return text
    .replace(/^@[^/]*\//, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

function packageName(root: string): string | undefined {
  try {
    const name = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

function whole(context: CommandContext, option: string, fallback: number, min: number, max: number, why: string): number {
  const text = context.string(option);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw usageError(`--${option} must be a whole number from ${min} to ${max}${why}; got "${text}"`);
  return value;
}

/**
 * The pods to run: `--replicas` from 2 (so a node can be drained while the app keeps serving), default 2;
 * exactly 1 for an app that must run as one process, where another count is refused with the reasons.
 */
function replicasOf(context: CommandContext, app: AppNeeds): number {
  if (app.singleProcess.length === 0)
    return whole(context, 'replicas', 2, 2, 100, ' (two at least, so a node can be drained while the app keeps serving)');
  const text = context.string('replicas');
  if (text === undefined || text === '1') return 1;
  throw usageError(
    `--replicas ${text}: this app must run as one pod, since ${app.singleProcess.map((item) => item.reason).join('; and ')}. Leave out --replicas (or pass 1), or first ${app.singleProcess.map((item) => item.fix).join(' and ')}`,
  );
}

/** The settings of a `deploy:init` run, from its options, the app's package.json, what the app needs (`app`) and the defaults. */
export function deploySettings(context: CommandContext, app: AppNeeds = noNeeds): DeploySettings {
  const given = context.string('name');
  const name = given ?? (labelOf(packageName(context.root) ?? '') || labelOf(basename(context.root)) || 'kit-app');
  if (!dnsLabel.test(name))
    throw usageError(
      `--name must be a DNS label (lower-case letters, digits and dashes, at most 63, starting and ending with a letter or digit); got "${name}", try "${labelOf(name) || 'my-app'}"`,
    );
  const healthPath = context.string('health-path') ?? '/_kit/health';
  if (!/^\/[\x21-\x7e]*$/.test(healthPath))
    throw usageError(`--health-path must be a URL path starting with /, such as /_kit/health; got "${healthPath}"`);
  const region = context.string('region') ?? null;
  if (region !== null && !/^[a-z]{3}$/.test(region))
    throw usageError(`--region must be a Fly region code of three letters, such as ams or iad; got "${region}"`);
  const image = context.string('image') ?? `${name}:latest`;
  if (/\s/.test(image) || image === '')
    throw usageError(`--image must be an image reference such as registry.example.com/${name}:1.0.0; got "${image}"`);
  return {
    name,
    image,
    port: whole(context, 'port', 3000, 1, 65535, ''),
    healthPath,
    replicas: replicasOf(context, app),
    region,
    app,
  };
}
