import { KitError, defineAPI, invalidInput, operationIdFor, type AnyAPIDefinition, type RouteKey, quoteInput } from '@kit/kit-core';
import type { KitDatabase, ListOptions } from '../database/types.js';
import { KitDbError } from '../errors/kit-db-error.js';
import { Model } from '../model/define-model.js';
import type { AnyModel } from '../model/types.js';
import { crudColumns, fromJsonValue, jsonConverter, type CrudColumn } from './columns.js';
import { crudDescriptions } from './describe.js';
import { pluralSegment } from './naming.js';
import { resolveDatabase, type DatabaseSource } from './resolve-database.js';
import { crudSchemas } from './schemas.js';

/** The operations `generateCrudRoutes` can generate. */
export type CrudOperation = 'list' | 'get' | 'create' | 'update' | 'delete';

const allOperations: readonly CrudOperation[] = ['list', 'get', 'create', 'update', 'delete'];

/** Options of `generateCrudRoutes`. */
export interface CrudRoutesOptions {
  /**
   * The database the routes use, or a function returning it (called at each request). Default: the
   * process default database (the first one `createDatabase` made), looked up at each request.
   */
  readonly db?: KitDatabase | (() => KitDatabase);
  /** Path of the collection. Default `/api/<plural of the model name in kebab-case>` (`/api/tickets`). */
  readonly basePath?: string;
  /** The operations to generate. Default: all five. */
  readonly only?: readonly CrudOperation[];
  /** Key of a policy (from `KitConfig.policies`) that guards every generated route. */
  readonly policy?: string;
}

/** Generated routes by route key, to spread into `KitConfig.routes`. */
export type CrudRoutes = Readonly<Record<RouteKey, AnyAPIDefinition>>;

const pathPattern = /^(?:\/[A-Za-z0-9._~-]+)+$/;

/**
 * Generates the CRUD routes of a model as ordinary `defineAPI` routes, so they are validated, guarded
 * by policies and listed in OpenAPI, MCP and A2A like hand-written ones. For `ticket` (paths from
 * `basePath`, default `/api/tickets`):
 *
 * - `GET /api/tickets`: a page of records. `limit` 1–100 (default 20); `orderBy` (any column but
 *   `json()` and `vector()` ones, default the id) and `order` (`asc` default, `desc`), ties by id;
 *   every such column is also an equality filter (`?status=open`), except columns named like the
 *   controls `limit`, `offset`, `cursor`, `orderBy` and `order`. Answers `{ items, nextCursor }` (no
 *   `nextCursor` on the last page) to read on with `cursor`; or, given `offset`, `{ items, total }`.
 * - `GET /api/tickets/:id`: one record; 404 problem naming the model and the id when there is none.
 * - `POST /api/tickets`: creates a record from the model's fields (the id is always assigned by the
 *   server) and answers it as stored: 201, with `Location: /api/tickets/<id>` when the `get` route is generated.
 * - `PATCH /api/tickets/:id`: changes the fields given (at least one; `null` clears an optional one).
 * - `DELETE /api/tickets/:id`: answers `{ id, deleted: true }`.
 *
 * Dates and times travel as ISO 8601 text. Capability `read` for the two GETs and `write` for the
 * rest; `resource` is the plural (`tickets`). Bad input is a 400 listing every field; a unique
 * violation is a 409 conflict naming the field, a foreign-key violation a 400 naming it (for a
 * delete still pointed at, the field is `id`). Without `db`, the process default
 * database is used at each call; when there is none the call fails with a 500 whose logged error
 * says to call `createDatabase` or pass `{ db }`.
 *
 * @example
 * ```ts
 * import { createKitApp } from '@kit/kit-core';
 * import { createDatabase, createTables, defineModel, enum as enumField, generateCrudRoutes, id, string } from '@kit/kit-db';
 *
 * const ticket = defineModel('ticket', { id: id(), title: string(), status: enumField(['open', 'closed']).default('open') });
 * const db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [ticket] });
 * await createTables(db);
 * const app = createKitApp({ routes: { ...generateCrudRoutes(ticket, { db }) } });
 * const created = await app.fetch(new Request('http://localhost/api/tickets', {
 *   method: 'POST',
 *   headers: { 'Content-Type': 'application/json' },
 *   body: JSON.stringify({ title: 'Printer on fire' }),
 * }));
 * console.log(created.status, await created.json()); // 200 { id: '…', title: 'Printer on fire', status: 'open' }
 * ```
 */
export function generateCrudRoutes(model: AnyModel, options: CrudRoutesOptions = {}): CrudRoutes {
  if (!(model instanceof Model)) {
    throw new KitDbError(
      'invalid_config',
      `generateCrudRoutes: the first argument must be a model made by defineModel(...), got ${model === null ? 'null' : typeof model}.`,
    );
  }
  const where = `generateCrudRoutes(${model.name})`;
  const basePath = (options.basePath ?? `/api/${pluralSegment(model.name)}`) as `/${string}`;
  if (typeof basePath !== 'string' || !pathPattern.test(basePath)) {
    throw new KitDbError(
      'invalid_config',
      `${where}: basePath must be a path such as "/api/tickets" (segments of letters, digits, ., _, ~ and -, no trailing slash), got ${JSON.stringify(basePath)}.`,
      { model: model.name },
    );
  }
  const only = options.only ?? allOperations;
  if (!Array.isArray(only) || only.length === 0 || only.some((operation) => !allOperations.includes(operation))) {
    throw new KitDbError('invalid_config', `${where}: only must list some of ${allOperations.join(', ')}, got ${JSON.stringify(only)}.`, {
      model: model.name,
    });
  }

  const columns = crudColumns(model);
  const idColumn = columns.find((column) => column.type === 'id');
  if (!idColumn)
    throw new KitDbError('invalid_model', `${where}: model "${model.name}" has no id() field; give it one, conventionally \`id: id()\`.`, {
      model: model.name,
    });
  if (idColumn.name !== 'id' && columns.some((column) => column.name === 'id')) {
    throw new KitDbError(
      'invalid_model',
      `${where}: the routes take the record's id as "id", but model "${model.name}" has another column named id; rename that column.`,
      { model: model.name },
    );
  }
  const schemas = crudSchemas(model, columns);
  const descriptions = crudDescriptions(model, columns, schemas, basePath);
  const source: DatabaseSource = { model, where, ...(options.db === undefined ? {} : { db: options.db }) };
  const resource = basePath.slice(basePath.lastIndexOf('/') + 1);
  const common = { resource, ...(options.policy === undefined ? {} : { policy: options.policy }) };
  const toRow = rowConverter(columns);
  const itemPath = `${basePath}/:id` as const;

  // Errors of the data layer become problems here: a missing record names the model, the id and where to list them.
  const problemOf = (error: unknown, id: unknown, deleting: boolean): unknown => {
    if (!(error instanceof KitDbError)) return error;
    if (error.code === 'not_found' && id !== undefined) return notFound(model.name, id, basePath, error);
    // A delete refused because other records point here is about the id the caller sent, not about their column.
    if (deleting && error.code === 'constraint_violation' && error.constraint === 'foreign_key') {
      const by = error.field === undefined ? 'other records' : `the ${error.field} of other records`;
      return new KitError('invalid_input', error.message, {
        issues: [{ field: 'id', message: `is still pointed at by ${by}` }],
        cause: error,
      });
    }
    return error.toKitError();
  };
  // Not an async function: one promise per call fewer on every request of every generated route.
  const run = <T>(id: unknown, action: (db: KitDatabase) => Promise<T>, deleting = false): Promise<T> =>
    action(resolveDatabase(source)).catch((error: unknown) => Promise.reject(problemOf(error, id, deleting)));

  const routes: Record<RouteKey, AnyAPIDefinition> = {};
  if (only.includes('list')) {
    routes[`GET ${basePath}`] = defineAPI({
      ...common,
      capability: 'read',
      description: descriptions.list,
      input: schemas.list as never,
      output: schemas.listOutput,
      handler: async ({ input }: { input: Record<string, unknown> }) => {
        const { limit, offset, cursor, orderBy, order } = input as {
          limit: number;
          offset?: number;
          cursor?: string;
          orderBy?: string;
          order: 'asc' | 'desc';
        };
        if (offset !== undefined && cursor !== undefined)
          throw invalidInput([{ field: 'cursor', message: 'cannot be combined with offset; page with one or the other' }]);
        const filter: Record<string, unknown> = {};
        for (const column of schemas.filterColumns) {
          const value = input[column.name];
          if (value !== undefined) filter[column.name] = fromJsonValue(column, value);
        }
        const listOptions: ListOptions<AnyModel> = {
          where: filter as ListOptions<AnyModel>['where'],
          orderBy: { field: orderBy ?? idColumn.name, direction: order },
          limit,
          ...(offset === undefined ? {} : { offset }),
          ...(cursor === undefined ? {} : { cursor }),
        };
        return run(undefined, async (db) => {
          const page = await db.list(model, listOptions);
          const items = page.items.map(toRow);
          if (offset !== undefined) return { items, total: await db.count(model, listOptions.where) };
          return page.nextCursor === null ? { items } : { items, nextCursor: page.nextCursor };
        });
      },
    });
  }
  if (only.includes('get')) {
    routes[`GET ${itemPath}`] = defineAPI({
      ...common,
      capability: 'read',
      description: descriptions.get,
      input: schemas.get as never,
      output: schemas.row,
      handler: async ({ input }: { input: { id: string | number } }) =>
        run(input.id, async (db) => {
          const row = await db.findById(model, input.id);
          if (row === null) throw notFound(model.name, input.id, basePath);
          return toRow(row);
        }),
    });
  }
  if (only.includes('create')) {
    routes[`POST ${basePath}`] = defineAPI({
      ...common,
      capability: 'write',
      description: descriptions.create,
      input: schemas.create as never,
      output: schemas.row,
      // The new record's URL is its GET route, when there is one to read it at.
      response: only.includes('get')
        ? { kind: 'created', location: (row: unknown) => `${basePath}/${encodeURIComponent(String((row as { id: string | number }).id))}` }
        : { kind: 'created' },
      handler: async ({ input }: { input: Record<string, unknown> }) =>
        run(undefined, async (db) => toRow(await db.insert(model, toValues(schemas.writableColumns, input) as never))),
    });
  }
  if (only.includes('update')) {
    routes[`PATCH ${itemPath}`] = defineAPI({
      ...common,
      capability: 'write',
      description: descriptions.update,
      input: schemas.update as never,
      output: schemas.row,
      handler: async ({ input }: { input: Record<string, unknown> & { id: string | number } }) => {
        const patch = toValues(schemas.writableColumns, input);
        if (Object.keys(patch).length === 0) {
          throw invalidInput([
            { field: '', message: `give at least one field to change: ${schemas.writableColumns.map((column) => column.name).join(', ')}` },
          ]);
        }
        return run(input.id, async (db) => toRow(await db.update(model, input.id, patch as never)));
      },
    });
  }
  if (only.includes('delete')) {
    routes[`DELETE ${itemPath}`] = defineAPI({
      ...common,
      capability: 'write',
      description: descriptions.delete,
      input: schemas.delete as never,
      output: schemas.deleteOutput,
      handler: async ({ input }: { input: { id: string | number } }) =>
        run(
          input.id,
          async (db) => {
            await db.delete(model, input.id);
            return { id: input.id, deleted: true as const };
          },
          true,
        ),
    });
  }
  return routes;
}

/**
 * The 404 of a record that does not exist: names the model, the id (quoted, cut to 60 characters) and
 * where to list them, for HTTP callers and for agents, who reach the same route as a tool.
 */
function notFound(modelName: string, id: unknown, basePath: string, cause?: unknown): KitError {
  const where = `GET ${basePath} (the ${operationIdFor('GET', basePath)} tool over MCP)`;
  return new KitError(
    'not_found',
    `No ${modelName} with id ${quoteInput(String(id))}; list them with ${where}.`,
    cause === undefined ? {} : { cause },
  );
}

/** The columns given in `input`, converted to the values the database layer takes. */
function toValues(columns: readonly CrudColumn[], input: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    const value = input[column.name];
    if (value !== undefined) values[column.name] = fromJsonValue(column, value);
  }
  return values;
}

/** A function turning a row of the database layer into the JSON a route answers, column by column. */
function rowConverter(columns: readonly CrudColumn[]): (row: unknown) => Record<string, unknown> {
  const converters = columns.map((column) => [column.name, jsonConverter(column)] as const);
  return (row) => {
    const source = row as Record<string, unknown>;
    const json: Record<string, unknown> = {};
    for (const [name, convert] of converters) json[name] = convert(source[name]);
    return json;
  };
}
