import { KitAIError } from '../errors/kit-ai-error.js';
import type { MemoryQueryOptions, MemoryScope, NewMemoryEntry } from './types.js';

// One rendering of bad values and thrown errors for every message of the package.
import { describeValue } from '../llm/describe-value.js';
export { describeValue, errorText } from '../llm/describe-value.js';

function invalid(component: string, message: string): KitAIError {
  return new KitAIError('invalid_arguments', `${component}: ${message}`);
}

/** Throws unless `scope` is `{ type, id }` with two non-empty strings. */
export function checkScope(component: string, scope: unknown, field = 'scope'): asserts scope is MemoryScope {
  if (typeof scope !== 'object' || scope === null) {
    throw invalid(component, `${field} must be an object { type, id } such as { type: 'user', id: 'u-42' }, got ${describeValue(scope)}.`);
  }
  const { type, id } = scope as Record<string, unknown>;
  if (typeof type !== 'string' || type.trim() === '')
    throw invalid(component, `${field}.type must be a non-empty string such as 'user', got ${describeValue(type)}.`);
  if (typeof id !== 'string' || id.trim() === '')
    throw invalid(component, `${field}.id must be a non-empty string such as 'u-42', got ${describeValue(id)}.`);
}

/** Throws unless `k` is a number (0 or less means "none"); returns it rounded down. */
export function checkCount(component: string, k: unknown, field = 'k'): number {
  if (typeof k !== 'number' || Number.isNaN(k))
    throw invalid(component, `${field} must be a number of entries such as 5, got ${describeValue(k)}.`);
  return k === Infinity ? Number.MAX_SAFE_INTEGER : Math.floor(k);
}

/** Throws unless `value` is a string. */
export function checkText(component: string, value: unknown, field: string): asserts value is string {
  if (typeof value !== 'string') throw invalid(component, `${field} must be a string, got ${describeValue(value)}.`);
}

/** Throws unless `value` is an array of finite numbers with at least one element. */
export function checkVector(component: string, value: unknown, field: string): asserts value is number[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw invalid(component, `${field} must be a non-empty array of numbers (the output of your embedder), got ${describeValue(value)}.`);
  }
  const bad = value.findIndex((element) => typeof element !== 'number' || !Number.isFinite(element));
  if (bad >= 0) throw invalid(component, `${field}[${bad}] must be a finite number, got ${describeValue(value[bad])}.`);
}

/** Throws unless `value` is a number from 0 to 1. */
export function checkUnitInterval(component: string, value: unknown, field: string): asserts value is number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1))
    throw invalid(component, `${field} must be a number from 0 to 1, got ${describeValue(value)}.`);
}

/** Throws unless `value` is a plain JSON-like object (not an array). */
export function checkRecord(component: string, value: unknown, field: string): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(component, `${field} must be an object, got ${describeValue(value)}.`);
}

/** Checks an entry given to `MemoryBackend.store`; every backend accepts and rejects the same entries. */
export function checkNewEntry(component: string, entry: unknown): asserts entry is NewMemoryEntry {
  checkRecord(component, entry, 'entry');
  const { content, scope, type, importance, embedding, metadata, subject } = entry;
  if (typeof content !== 'string' || content.trim() === '')
    throw invalid(component, `entry.content must be a non-empty string, got ${describeValue(content)}.`);
  checkScope(component, scope, 'entry.scope');
  if (type !== undefined && (typeof type !== 'string' || type.trim() === ''))
    throw invalid(component, `entry.type must be a non-empty string such as 'fact', got ${describeValue(type)}.`);
  if (importance !== undefined) checkUnitInterval(component, importance, 'entry.importance');
  if (embedding !== undefined) checkVector(component, embedding, 'entry.embedding');
  if (metadata !== undefined) checkRecord(component, metadata, 'entry.metadata');
  if (subject !== undefined && (typeof subject !== 'string' || subject.trim() === ''))
    throw invalid(component, `entry.subject must be a non-empty string, got ${describeValue(subject)}.`);
}

/** Checks the optional fourth argument of `MemoryBackend.query`. */
export function checkQueryOptions(component: string, options: unknown): asserts options is MemoryQueryOptions | undefined {
  if (options === undefined) return;
  checkRecord(component, options, 'options');
  const { embedding, subject } = options;
  if (embedding !== undefined) checkVector(component, embedding, 'options.embedding');
  if (subject !== undefined && typeof subject !== 'string')
    throw invalid(component, `options.subject must be a string, got ${describeValue(subject)}.`);
}

/**
 * Checks the arguments of `MemoryBackend.query`, so every backend refuses the same calls with the same
 * messages (`component` is the backend's name); returns `k` as `checkCount` does.
 */
export function checkQueryArguments(component: string, scope: unknown, text: unknown, k: unknown, options: unknown): number {
  const method = `${component}.query`;
  checkScope(method, scope);
  checkText(method, text, 'text');
  const count = checkCount(method, k);
  checkQueryOptions(method, options);
  return count;
}

/** The key a subject is compared by: trimmed, case- and accent-insensitive, inner spaces collapsed. */
export function subjectKey(subject: string): string {
  return subject
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

/** Importance used for ordering when an entry has none: neutral, between unimportant and essential. */
export const defaultImportance = 0.5;
