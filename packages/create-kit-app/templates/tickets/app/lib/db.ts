import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { DatabaseConfig } from '@kit/kit-core';
import { createDatabase, type KitDatabase } from '@kit/kit-db';
import { apiKey } from '../models/api-key.js';
import { sessionRevocation } from '../models/session-revocation.js';
import { ticket } from '../models/ticket.js';
import { user } from '../models/user.js';

/** Every model of the app, for createDatabase. `kit db:migrate` finds them in app/models/ by itself. */
export const models = [user, ticket, apiKey, sessionRevocation];

/**
 * Where the data lives: a SQLite file, `DATABASE_URL` (from the environment or .env), else data/tickets.db
 * in the app's folder. kit.config.ts hands it to the `kit db:*` commands, so they migrate this same file.
 */
export const databaseConfig: DatabaseConfig = { provider: 'sqlite', url: process.env.DATABASE_URL || 'data/tickets.db' };

let opening: Promise<KitDatabase> | undefined;

/**
 * The app's database, opened on first use and shared after that. It becomes kit-db's default database,
 * which the generated CRUD routes of kit.config.ts use. Its tables come from the migrations:
 * run `npx kit db:push` once after installing, and after each `npx kit db:migrate`.
 */
export function db(): Promise<KitDatabase> {
  opening ??= open().catch((error: unknown) => {
    // A failed open (a folder that cannot be made, a locked file) is tried again by the next request.
    opening = undefined;
    throw error;
  });
  return opening;
}

async function open(): Promise<KitDatabase> {
  const url = databaseConfig.url;
  if (url !== ':memory:' && !url.startsWith('file:')) await mkdir(dirname(resolve(url)), { recursive: true });
  return createDatabase({ ...databaseConfig, models, setDefault: true });
}
