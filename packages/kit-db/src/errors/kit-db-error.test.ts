import { KitError, kitErrorCodes } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { constraintFailure } from './constraint-failure.js';
import { KitDbError, kitDbErrorCodes } from './kit-db-error.js';

describe('KitDbError', () => {
  it('maps every code to a kit-core code for HTTP', () => {
    for (const [code, kitCode] of Object.entries(kitDbErrorCodes)) {
      expect(kitErrorCodes).toHaveProperty(kitCode);
      const error = new KitDbError(code as keyof typeof kitDbErrorCodes, 'message', { model: 'ticket', field: 'title' });
      const kit = error.toKitError();
      expect(kit).toBeInstanceOf(KitError);
      expect(kit.code).toBe(kitCode);
      expect(kit.cause).toBe(error);
    }
  });

  it('gives caller mistakes a 400 with the field, a missing record a 404, a down or unanswering database a 503 with Retry-After', () => {
    expect(new KitDbError('constraint_violation', 'ticket.title must be unique.', { field: 'title' }).toKitError()).toMatchObject({
      status: 400,
      issues: [{ field: 'title', message: 'ticket.title must be unique.' }],
    });
    expect(
      new KitDbError('constraint_violation', 'ticket.title is already taken.', { field: 'title', constraint: 'unique' }).toKitError(),
    ).toMatchObject({ status: 409, code: 'conflict' });
    expect(new KitDbError('not_found', 'No ticket with id "x".').toKitError().status).toBe(404);
    expect(new KitDbError('connection_failed', 'down').toKitError()).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      headers: { 'Retry-After': '5' },
    });
    expect(new KitDbError('database_unavailable', 'frozen', { retryAfterSeconds: 9 }).toKitError()).toMatchObject({
      status: 503,
      headers: { 'Retry-After': '9' },
    });
    expect(new KitDbError('query_failed', 'bad').retryAfterSeconds).toBeUndefined();
    expect(new KitDbError('invalid_model', 'bug').toKitError().status).toBe(500);
    expect(new KitDbError('invalid_model', 'bug', { field: 'x' }).issues).toEqual([]);
  });
});

describe('constraintFailure', () => {
  it('reads SQLite, PostgreSQL and MySQL errors', () => {
    expect(
      constraintFailure(
        Object.assign(new Error('UNIQUE constraint failed: ticket.projectId, ticket.title'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }),
      ),
    ).toEqual({
      kind: 'unique',
      table: 'ticket',
      columns: ['projectId', 'title'],
    });
    expect(
      constraintFailure(
        Object.assign(new Error('SQLITE_CONSTRAINT: CHECK constraint failed: ticket_status_check'), {
          code: 'SQLITE_CONSTRAINT',
          extendedCode: 'SQLITE_CONSTRAINT_CHECK',
        }),
      ),
    ).toEqual({
      kind: 'check',
      constraint: 'ticket_status_check',
    });
    expect(constraintFailure(Object.assign(new Error('x'), { code: '23503', table: 'ticket', constraint: 'ticket_projectId_fk' }))).toEqual(
      {
        kind: 'foreign_key',
        table: 'ticket',
        constraint: 'ticket_projectId_fk',
        direction: 'missing_target',
      },
    );
    expect(constraintFailure(Object.assign(new Error("Duplicate entry 'a' for key 'app.project_name_unique'"), { errno: 1062 }))).toEqual({
      kind: 'unique',
      constraint: 'project_name_unique',
    });
    expect(
      constraintFailure(
        Object.assign(
          new Error(
            'Cannot delete or update a parent row: a foreign key constraint fails (`app`.`ticket`, CONSTRAINT `ticket_projectId_fk` FOREIGN KEY ...)',
          ),
          { errno: 1451 },
        ),
      ),
    ).toEqual({ kind: 'foreign_key', constraint: 'ticket_projectId_fk', table: 'ticket', direction: 'still_referenced' });
    expect(constraintFailure(new Error('syntax error'))).toBeUndefined();
    expect(constraintFailure('not an error')).toBeUndefined();
  });
});
