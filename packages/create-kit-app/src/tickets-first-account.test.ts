// The tickets template's sign-up on PostgreSQL: simultaneous first sign-ups used to count
// the accounts, find none, and both become admins. createAccount lets a unique column decide instead.
import { createDatabase, createTables, type KitDatabase } from '@kit/kit-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgresServer, startPostgres, type TestPostgres } from '../../../test-support/postgres-server.js';
import { createAccount } from '../templates/tickets/app/lib/accounts.js';
import { apiKey } from '../templates/tickets/app/models/api-key.js';
import { sessionRevocation } from '../templates/tickets/app/models/session-revocation.js';
import { ticket } from '../templates/tickets/app/models/ticket.js';
import { user } from '../templates/tickets/app/models/user.js';

describe.skipIf(!hasPostgresServer())('the first account of the tickets template, on PostgreSQL', () => {
  let postgres: TestPostgres;
  let database: KitDatabase;
  beforeAll(async () => {
    postgres = await startPostgres();
    database = await createDatabase({
      provider: 'postgres',
      url: await postgres.createDatabase('tickets_first_account'),
      models: [user, ticket, apiKey, sessionRevocation],
      setDefault: false,
    });
    await createTables(database);
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.stop();
  });

  it('makes exactly one admin of simultaneous first sign-ups', async () => {
    for (let round = 0; round < 5; round += 1) {
      await database.execute('DELETE FROM "user"');
      const made = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          createAccount(database, { name: `Person ${index}`, email: `p${round}-${index}@example.com`, passwordHash: 'hash' }),
        ),
      );
      expect(made.every((account) => account !== null)).toBe(true);
      expect(
        made.filter((account) => account!.role === 'admin'),
        `round ${round}`,
      ).toHaveLength(1);
      expect(await database.count(user, { role: 'admin' })).toBe(1);
    }
  });

  it('makes one account of simultaneous sign-ups with one address, and says the others are taken', async () => {
    const made = await Promise.all(
      Array.from({ length: 4 }, () => createAccount(database, { name: 'Ada', email: 'ada@example.com', passwordHash: 'hash' })),
    );
    expect(made.filter((account) => account === null)).toHaveLength(3);
    expect(await database.count(user, { email: 'ada@example.com' })).toBe(1);
  });
});
