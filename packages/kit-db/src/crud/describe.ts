import type { AnyModel } from '../model/types.js';
import type { CrudColumn } from './columns.js';
import { defaultListLimit, maxListLimit, type CrudSchemas } from './schemas.js';

/** What the routes of a model say about themselves: written from the model, for people and for agents choosing a tool. */
export interface CrudDescriptions {
  readonly list: string;
  readonly get: string;
  readonly create: string;
  readonly update: string;
  readonly delete: string;
}

/** One column as a description names it: `status (open, closed)`, `projectId (id of a project)`. */
function columnText(column: CrudColumn): string {
  if (column.type === 'enum') return `${column.name} (${(column.options?.values ?? []).join(', ')})`;
  if (column.type === 'reference') return `${column.name} (id of a ${column.target})`;
  return column.name;
}

function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The five descriptions of a model's routes. */
export function crudDescriptions(
  model: AnyModel,
  columns: readonly CrudColumn[],
  schemas: CrudSchemas,
  collectionPath: string,
): CrudDescriptions {
  const name = model.name;
  const fields = `Fields: ${columns.map(columnText).join(', ')}.`;
  const required = schemas.writableColumns.filter((column) => !column.nullable && !column.hasDefault);
  const optional = schemas.writableColumns.filter((column) => column.nullable || column.hasDefault);
  const example =
    schemas.filterColumns.find((column) => column.type === 'enum') ?? schemas.filterColumns.find((column) => column.type !== 'id');
  const exampleValue = example?.type === 'enum' ? (example.options?.values?.[0] ?? '') : '…';
  const filters =
    schemas.filterColumns.length > 0
      ? ` Filter by equality on ${list(schemas.filterColumns.map((column) => column.name))}${example ? ` (${example.name}=${exampleValue})` : ''}.`
      : '';
  return {
    list:
      `Lists ${name} records, ${defaultListLimit} per page by default (limit up to ${maxListLimit}), ordered by id unless orderBy and order say otherwise.${filters}` +
      ` Returns { items, nextCursor }: pass nextCursor as cursor to read the next page; with offset instead, returns { items, total }. ${fields}`,
    get: `Gets one ${name} by id; 404 when there is none. ${fields}`,
    create:
      `Creates a ${name} and returns it as stored, with its new id.` +
      (required.length > 0 ? ` Required: ${list(required.map(columnText))}.` : '') +
      (optional.length > 0 ? ` Optional: ${list(optional.map(columnText))}.` : ''),
    update: `Changes the given fields of the ${name} with this id and returns it as stored; fields left out keep their value${optional.some((column) => column.nullable) ? ', and null clears an optional one' : ''}. 404 when there is none. ${fields}`,
    delete: `Deletes the ${name} with this id and returns { id, deleted: true }; 404 when there is none. List them with GET ${collectionPath}.`,
  };
}
