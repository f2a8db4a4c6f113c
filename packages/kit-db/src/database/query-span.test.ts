import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isChildOf, recordSpans, type RecordedSpans } from '../../../../test-support/tracing.js';
import { createDatabase, createTables, defineModel, id, kitDbRunStore, manyToMany, string, type KitDatabase } from '../index.js';

const tag = defineModel('tag', { id: id(), name: string().unique() });
const note = defineModel('note', { id: id(), title: string(), tags: manyToMany('tag') });

describe('query spans', () => {
  let recorded: RecordedSpans;
  let db: KitDatabase;
  beforeAll(async () => {
    recorded = recordSpans();
    db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [tag, note] });
    await createTables(db);
  });
  afterAll(async () => {
    await db.close();
    await recorded.stop();
  });
  beforeEach(() => recorded.reset());

  it('makes a CLIENT span per operation, named after its SQL operation and table, with the SQL but not its values', async () => {
    const created = await trace.getTracer('test').startActiveSpan('handler', async (span) => {
      try {
        return await db.insert(note, { title: 'Secret plans' });
      } finally {
        span.end();
      }
    });
    await db.list(note, { where: { title: 'Secret plans' } });
    const insert = recorded.named('INSERT note');
    expect(insert.kind).toBe(SpanKind.CLIENT);
    expect(insert.instrumentationScope.name).toBe('@kit/kit-db');
    expect(isChildOf(insert, recorded.named('handler'))).toBe(true);
    expect(insert.attributes).toMatchObject({ 'db.system.name': 'sqlite', 'db.operation.name': 'INSERT', 'db.collection.name': 'note' });
    expect(insert.attributes['db.query.text']).toMatch(/^insert into "note" .* values \(\?, \?\)/);
    const list = recorded.named('SELECT note');
    expect(list.attributes['db.query.text']).toMatch(/where "note"\."title" = \?/);
    for (const span of recorded.spans()) expect(String(span.attributes['db.query.text'] ?? '')).not.toContain('Secret');
    expect(created.title).toBe('Secret plans');
  });

  it('records parameterized raw SQL, and leaves out raw SQL without parameters, which may hold values', async () => {
    await db.execute('SELECT title FROM note WHERE title = ?', ['Secret plans']);
    await db.execute("SELECT title FROM note WHERE title = 'Secret plans'");
    const [parameterized, literal] = recorded.spans();
    expect(parameterized?.name).toBe('SELECT');
    expect(parameterized?.attributes['db.query.text']).toBe('SELECT title FROM note WHERE title = ?');
    expect(literal?.name).toBe('SELECT');
    expect(literal?.attributes['db.query.text']).toBeUndefined();
  });

  it('names links after the join table, and marks a failed statement with the error code', async () => {
    const first = await db.insert(tag, { name: 'urgent' });
    const noted = await db.insert(note, { title: 'Linked' });
    await db.link(note, noted.id, 'tags', first.id);
    expect(recorded.spans().map((span) => span.name)).toEqual([
      'INSERT tag',
      'INSERT note',
      'SELECT note',
      'SELECT tag',
      'INSERT note_tag',
    ]);
    recorded.reset();
    await expect(db.insert(tag, { name: 'urgent' })).rejects.toMatchObject({ code: 'constraint_violation' });
    const failed = recorded.named('INSERT tag');
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.attributes['error.type']).toBe('constraint_violation');
  });

  it('traces the run store’s statements, which it runs with parameters', async () => {
    const store = kitDbRunStore(db, { createTables: true });
    await store.createRun({ id: 'run-1', goal: 'Trace me', metadata: {}, next: { kind: 'start' } });
    recorded.reset();
    await store.getRun('run-1');
    const read = recorded.spans().find((span) => span.name === 'SELECT');
    expect(read?.attributes['db.query.text']).toMatch(/FROM kit_runs WHERE id = \?/);
    await store.close();
  });
});
