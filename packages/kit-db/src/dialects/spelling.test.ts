import { describe, expect, it } from 'vitest';
import { mysqlDialect, postgresDialect, sqliteDialect } from '../index.js';

// The pieces `CREATE TABLE` and generated migrations both take from a dialect, checked on their own.
describe('what a dialect spells', () => {
  const key = { name: 'ticket_projectId_fk', columns: ['projectId'], refTable: 'project', refColumns: ['id'], onDelete: 'set null' };

  it('escapes string literals: quotes doubled everywhere, backslashes doubled on MySQL only', () => {
    expect(sqliteDialect().stringLiteral("a'b\\c")).toBe("'a''b\\c'");
    expect(postgresDialect().stringLiteral("a'b\\c")).toBe("'a''b\\c'");
    expect(mysqlDialect().stringLiteral("a'b\\c")).toBe("'a''b\\\\c'");
  });

  it('puts MySQL text, blob and JSON defaults in parentheses, and writes others as they are', () => {
    expect(mysqlDialect().defaultClause('longtext', "'x'")).toBe(" DEFAULT ('x')");
    expect(mysqlDialect().defaultClause('longtext', '(now())')).toBe(' DEFAULT (now())');
    expect(mysqlDialect().defaultClause('varchar(255)', "'x'")).toBe(" DEFAULT 'x'");
    expect(postgresDialect().defaultClause('text', "'x'")).toBe(" DEFAULT 'x'");
    expect(sqliteDialect().defaultClause('text', undefined)).toBe('');
  });

  it('writes foreign keys and checks with its own quoting, ON UPDATE only when given', () => {
    expect(postgresDialect().foreignKeyClause(key)).toBe(
      'CONSTRAINT "ticket_projectId_fk" FOREIGN KEY ("projectId") REFERENCES "project" ("id") ON DELETE SET NULL',
    );
    expect(mysqlDialect().foreignKeyClause({ ...key, onUpdate: 'no action' })).toBe(
      'CONSTRAINT `ticket_projectId_fk` FOREIGN KEY (`projectId`) REFERENCES `project` (`id`) ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    expect(mysqlDialect().checkClause({ name: 'c', column: 'kind', values: ["it's", 'a\\b'] })).toBe(
      "CONSTRAINT `c` CHECK (`kind` IN ('it''s', 'a\\\\b'))",
    );
  });

  it('names the words after CREATE TABLE where the dialect has any', () => {
    expect(mysqlDialect().tableOptions).toBe('ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin');
    expect(sqliteDialect().tableOptions).toBe('');
    expect(postgresDialect().tableOptions).toBe('');
  });
});
