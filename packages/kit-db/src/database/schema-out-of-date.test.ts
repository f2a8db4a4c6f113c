/**
 * A database the app's migrations were never applied to (a new app before `kit db:push`, or a model
 * changed since) fails with an error that says so and names the command, on every provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { createTables, defineModel, id, KitDbError, string } from '../index.js';
import { startTestProviders, stopTestProviders, testProviders } from '../testing/providers.js';

beforeAll(() => startTestProviders());
afterAll(() => stopTestProviders());

const memo = defineModel('memo', { id: id(), text: string() });
const memoWithAuthor = defineModel('memo', { id: id(), text: string(), author: string() });

describe.each(testProviders)('$name', (provider) => {
  describe.skipIf(!provider.available)(`a schema behind the models on ${provider.name}`, () => {
    it('names the missing table and kit db:push, for reads and writes', async () => {
      const db = await provider.open([memo]);
      for (const attempt of [() => db.insert(memo, { text: 'hello' }), () => db.list(memo)]) {
        const error = await rejectionOf(attempt(), KitDbError);
        expect(error.code).toBe('schema_out_of_date');
        expect(error.message).toContain(`the database has no table "memo"`);
        expect(error.message).toContain('run kit db:push');
        expect(error.toKitError().status).toBe(500);
      }
    });

    it('names a missing column', async () => {
      const url = await provider.freshUrl();
      await createTables(await provider.open([memo], { url }));
      const changed = await provider.open([memoWithAuthor], { url });
      const error = await rejectionOf(changed.insert(memoWithAuthor, { text: 'hello', author: 'Ada' }), KitDbError);
      expect(error.code).toBe('schema_out_of_date');
      expect(error.message).toContain('"author"');
      expect(error.message).toContain('run kit db:push');
    });
  });
});
