import { describe, expect, it } from 'vitest';
import { splitStatements } from './split-statements.js';

describe('splitStatements', () => {
  it('splits at semicolons and leaves out chunks of comments only', () => {
    const sql = '-- header\n-- more\n\nCREATE TABLE "a" ("x" text);\n\n-- note\nDROP TABLE "b";\n-- trailing comment\n';
    expect(splitStatements(sql, 'sqlite')).toEqual(['-- header\n-- more\n\nCREATE TABLE "a" ("x" text)', '-- note\nDROP TABLE "b"']);
  });

  it('keeps semicolons inside strings, quoted identifiers and comments', () => {
    const sql = `INSERT INTO "t;1" VALUES ('a;b', 'it''s; fine'); /* c; d */ SELECT 1 -- x; y\n; SELECT \`q;\``;
    expect(splitStatements(sql, 'mysql')).toEqual([
      `INSERT INTO "t;1" VALUES ('a;b', 'it''s; fine')`,
      '/* c; d */ SELECT 1 -- x; y',
      'SELECT `q;`',
    ]);
  });

  it('reads backslash escapes in MySQL strings only', () => {
    expect(splitStatements(String.raw`SELECT 'a\'; b'; SELECT 2`, 'mysql')).toEqual([String.raw`SELECT 'a\'; b'`, 'SELECT 2']);
    expect(splitStatements(String.raw`SELECT 'a\'; SELECT 2`, 'postgres')).toEqual([String.raw`SELECT 'a\'`, 'SELECT 2']);
  });

  it('keeps PostgreSQL dollar-quoted bodies whole, and not $1 parameters', () => {
    const body = 'CREATE FUNCTION f() RETURNS int AS $fn$ BEGIN RETURN 1; END; $fn$ LANGUAGE plpgsql';
    expect(splitStatements(`${body}; SELECT $$a;b$$; SELECT $1`, 'postgres')).toEqual([body, 'SELECT $$a;b$$', 'SELECT $1']);
  });

  it('keeps the BEGIN … END body of a trigger whole, CASE … END included', () => {
    const trigger = `CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE b SET n = CASE WHEN n > 1 THEN 0 ELSE n + 1 END; DELETE FROM c; END`;
    expect(splitStatements(`${trigger};\nSELECT 1;`, 'sqlite')).toEqual([trigger, 'SELECT 1']);
  });

  it('gives no statement for an empty file or one of comments', () => {
    expect(splitStatements('', 'sqlite')).toEqual([]);
    expect(splitStatements('-- nothing here\n/* or here */\n;\n', 'postgres')).toEqual([]);
  });
});
