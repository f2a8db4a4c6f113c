import { existsSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { DatabaseConfig } from '@kit/kit-core';
import { environmentError, usageError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { configFileName, loadAppConfig } from './load-config.js';

/** A database provider of kit-db. */
export type Provider = DatabaseConfig['provider'];

const providers: readonly Provider[] = ['sqlite', 'libsql', 'postgres', 'mysql'];

/** Where a command's database is, and which setting said so. */
export interface DatabaseTarget extends DatabaseConfig {
  readonly source: '--url' | typeof configFileName | 'DATABASE_URL';
}

/** The provider a URL's scheme implies: servers by scheme, anything else a SQLite file. */
export function providerOfUrl(url: string): Provider {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') return 'postgres';
  if (scheme === 'mysql' || scheme === 'mariadb') return 'mysql';
  if (scheme === 'libsql' || scheme === 'http' || scheme === 'https' || scheme === 'ws' || scheme === 'wss') return 'libsql';
  return 'sqlite';
}

/** A `--provider` value, checked. */
export function providerOption(context: CommandContext): Provider | undefined {
  const value = context.string('provider');
  if (value === undefined) return undefined;
  if (!(providers as readonly string[]).includes(value)) throw usageError(`--provider must be ${providers.join(', ')}; got "${value}"`);
  return value as Provider;
}

/** The local file of a SQLite-family URL, or null for a server or memory. */
export function localFile(target: DatabaseConfig): string | null {
  if (target.provider !== 'sqlite' && target.provider !== 'libsql') return null;
  const path = target.url.startsWith('file://')
    ? target.url.slice(7)
    : target.url.startsWith('file:')
      ? target.url.slice(5)
      : target.provider === 'libsql'
        ? null
        : target.url;
  if (path === null) return null;
  const file = path.split('?')[0] as string;
  return file === '' || file === ':memory:' ? null : file;
}

/** Relative SQLite paths are the app's, not the shell's: they are resolved against the root. */
function anchored(target: DatabaseConfig, root: string): DatabaseConfig {
  const file = localFile(target);
  if (file === null || isAbsolute(file)) return target;
  const absolute = resolve(root, file);
  const url = target.url.startsWith('file:')
    ? `file:${absolute}${target.url.includes('?') ? target.url.slice(target.url.indexOf('?')) : ''}`
    : absolute;
  return { provider: target.provider, url };
}

/**
 * The database a command works on: `--url` (with `--provider`, or the provider its scheme implies),
 * else `database` of `kit.config.ts`, else `DATABASE_URL`; null when none is set.
 */
export async function findDatabase(context: CommandContext): Promise<DatabaseTarget | null> {
  const provider = providerOption(context);
  const url = context.string('url');
  if (url !== undefined) {
    if (url.trim() === '')
      throw usageError('--url is empty; pass a database URL such as data/app.db or postgres://user:password@host:5432/app');
    return { ...anchored({ provider: provider ?? providerOfUrl(url), url }, context.root), source: '--url' };
  }
  const config = await loadAppConfig(context.root);
  if (config?.database !== undefined) {
    const database = config.database;
    if (typeof database.url !== 'string' || database.url.trim() === '') {
      throw environmentError(
        `${configFileName} has a database whose url is empty (is DATABASE_URL set?); set the variable, write the url, or pass --url`,
      );
    }
    if (!(providers as readonly string[]).includes(database.provider)) {
      throw environmentError(
        `${configFileName}: database.provider must be ${providers.join(', ')}; got ${JSON.stringify(database.provider)}`,
      );
    }
    return { ...anchored({ provider: provider ?? database.provider, url: database.url }, context.root), source: configFileName };
  }
  const fromEnv = context.env.DATABASE_URL;
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    return { ...anchored({ provider: provider ?? providerOfUrl(fromEnv), url: fromEnv }, context.root), source: 'DATABASE_URL' };
  }
  return null;
}

/** Like `findDatabase`, but none set is an environment error that says how to set one. */
export async function resolveDatabase(context: CommandContext): Promise<DatabaseTarget> {
  const found = await findDatabase(context);
  if (found !== null) return found;
  throw environmentError(
    `no database is configured; add database: { provider: 'sqlite', url: 'data/app.db' } to ${configFileName}, set DATABASE_URL, or pass --url <url>`,
  );
}

/** The URL for people to read: the password of a server URL hidden, a local file relative to the root. */
export function shownUrl(target: DatabaseConfig, root: string): string {
  const file = localFile(target);
  if (file !== null) {
    const shown = relative(root, file);
    return shown.startsWith('..') ? file : shown;
  }
  try {
    const parsed = new URL(target.url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return target.url;
  }
}

/** `db:push` creates the folder of a new SQLite file, as the first run of an app needs. */
export function ensureLocalFolder(target: DatabaseConfig): void {
  const file = localFile(target);
  if (file !== null && !existsSync(dirname(file))) mkdirSync(dirname(file), { recursive: true });
}
