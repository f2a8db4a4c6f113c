import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { KitDbError } from '../errors/kit-db-error.js';
import { rawSql } from './raw-sql.js';

describe('rawSql', () => {
  it('binds ? placeholders outside strings, identifiers and comments', () => {
    const query = new SQLiteSyncDialect().sqlToQuery(rawSql('sqlite', `SELECT '?', "a?", ? -- ?\n, /* ? */ ?`, [1, 'two']));
    expect(query).toMatchObject({ sql: `SELECT '?', "a?", ? -- ?\n, /* ? */ ?`, params: [1, 'two'] });
    expect(new SQLiteSyncDialect().sqlToQuery(rawSql('sqlite', `SELECT 'it''s ?', ?`, [3])).params).toEqual([3]);
  });

  it('binds $n placeholders on PostgreSQL, in any order and repeated', () => {
    const query = new PgDialect().sqlToQuery(rawSql('postgres', `SELECT $2, $1, $2, '$1', x$1`, ['a', 'b']));
    expect(query).toMatchObject({ sql: `SELECT $1, $2, $3, '$1', x$1`, params: ['b', 'a', 'b'] });
  });

  it('treats backslashes as escapes only in MySQL strings', () => {
    expect(new SQLiteSyncDialect().sqlToQuery(rawSql('mysql', `SELECT 'a\\'?', ?`, [1])).params).toEqual([1]);
    expect(new SQLiteSyncDialect().sqlToQuery(rawSql('sqlite', `SELECT 'a\\', ?`, [1])).params).toEqual([1]);
  });

  it('refuses a count of parameters that does not match the placeholders', () => {
    expect(thrownBy(() => rawSql('sqlite', 'SELECT ?, ?', [1]), KitDbError).message).toBe(
      'execute: the statement has 2 ? placeholders but 1 parameter was given.',
    );
    expect(thrownBy(() => rawSql('postgres', 'SELECT $3', [1, 2, 3, 4]), KitDbError).message).toBe(
      'execute: the statement has 3 $n placeholders but 4 parameters were given.',
    );
    expect(thrownBy(() => rawSql('postgres', 'SELECT $5', [1]), KitDbError).message).toBe('execute: $5 has no parameter; 1 were given.');
  });
});
