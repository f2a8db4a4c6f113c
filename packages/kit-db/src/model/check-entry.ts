import { KitDbError } from '../errors/kit-db-error.js';
import { Field, type FieldType } from './field.js';
import { Relation } from './relation.js';

const fieldTypes: readonly FieldType[] = [
  'id',
  'string',
  'text',
  'integer',
  'number',
  'boolean',
  'date',
  'datetime',
  'json',
  'enum',
  'vector',
];

/** Refuses an entry of a model that no builder made, naming the model, the field and the fix. */
export function checkEntry(model: string, field: string, entry: unknown): void {
  if (entry instanceof Relation) return;
  if (entry instanceof Field && fieldTypes.includes(entry.type)) return;
  const shown = describe(entry);
  throw new KitDbError(
    'unknown_field_type',
    `defineModel('${model}'): field "${field}" is ${shown}, not a field or relation builder; use one of ${fieldTypes.map((t) => (t === 'enum' ? 'enum([...])' : `${t}()`)).join(', ')} or belongsTo/hasMany/hasOne/manyToMany('<model>').`,
    { model, field },
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'function') return `the function ${value.name || '(anonymous)'} (call it: ${value.name || 'builder'}())`;
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (typeof value === 'object') {
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? `an object of unknown type "${type.slice(0, 40)}"` : 'a plain object';
  }
  return `${typeof value} ${String(value)}`;
}
