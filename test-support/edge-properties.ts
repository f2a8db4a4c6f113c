import fc from 'fast-check';
import { expect } from 'vitest';
import type { RawResponse } from './http.js';
import { maxBodyBytes } from '../packages/kit-core/src/http/read-input.js';

/** Names of Object.prototype's members and other keys that have broken input handling before. */
export const prototypeKeys = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  'valueOf',
  'isPrototypeOf',
  '__lookupGetter__',
] as const;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/**
 * Any string a client may send as a name or a value: every code point, lone surrogates, prototype
 * keys, the given known names, and strings of hundreds or thousands of characters.
 */
export function anyString(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 2, arbitrary: fc.constantFrom(...prototypeKeys) },
    { weight: 2, arbitrary: fc.constantFrom(...known) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), loneSurrogate), maxLength: 20 }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 5 }), fc.integer({ min: 60, max: 2_000 }))
        .map(([unit, times]) => unit.repeat(times)),
    },
  );
}

/** What a server reads from a string sent as UTF-8: lone surrogates become U+FFFD. */
export const asSent = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/** Every byte percent-encoded, so the server decodes exactly the UTF-8 of the text. */
export const percentEncode = (text: string): string =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** A field name as kit's problems repeat it: 60 characters, then `…`, a surrogate pair never split. */
export function shortened(name: string): string {
  if (name.length <= 60) return name;
  const last = name.charCodeAt(59);
  return `${name.slice(0, last >= 0xd800 && last <= 0xdbff ? 59 : 60)}…`;
}

/** A problem document as kit sends it. */
export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: { field: string; message: string }[];
  suggestions?: string[];
}

/** Checks a 200 with JSON or a problem document of exactly the RFC 9457 shape kit promises; returns the problem. */
export function checkShape(response: RawResponse, allowed: readonly number[]): ProblemDocument | undefined {
  expect(allowed, response.text.slice(0, 300)).toContain(response.status);
  if (response.status === 200) {
    expect(() => response.json()).not.toThrow();
    return undefined;
  }
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const problem = response.json() as ProblemDocument;
  expect(Object.keys(problem).every((key) => ['type', 'title', 'status', 'detail', 'errors', 'suggestions'].includes(key))).toBe(true);
  expect(problem.status).toBe(response.status);
  expect(problem.type).toMatch(/^\/problems\/[a-z-]+$/);
  expect(typeof problem.title).toBe('string');
  expect(problem.detail.length).toBeGreaterThan(0);
  expect(problem.detail.length).toBeLessThanOrEqual(400);
  for (const issue of problem.errors ?? []) {
    expect(Object.keys(issue).sort()).toEqual(['field', 'message']);
    expect(issue.field.length).toBeLessThanOrEqual(61);
  }
  return problem;
}

/** No 201-character stretch of any input appears in any string of the problem. */
export function checkEchoBound(problem: ProblemDocument, inputs: readonly string[]): void {
  const texts = [
    problem.detail,
    ...(problem.errors ?? []).flatMap((issue) => [issue.field, issue.message]),
    ...(problem.suggestions ?? []),
  ];
  for (const input of inputs) {
    for (let start = 0; start + 201 <= input.length; start += 50) {
      const stretch = input.slice(start, start + 201);
      for (const text of texts) expect(text.includes(stretch), `echo of ${stretch.slice(0, 20)}… from offset ${start}`).toBe(false);
    }
  }
}

/** One to four entries of a JSON object body: names drawn from `names`, any JSON values. */
export function jsonBodyEntries(names: fc.Arbitrary<string>): fc.Arbitrary<[string, fc.JsonValue][]> {
  return fc.array(fc.tuple(names, fc.jsonValue({ maxDepth: 2 })), { minLength: 1, maxLength: 4 });
}

/** The JSON text of an object written out by hand, so `__proto__` is an ordinary key of the text, as any client may send it. */
export function jsonObjectText(entries: readonly (readonly [string, unknown])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

/**
 * Checks the answer to a JSON body of `entries`: a 413 when its text is over the body limit; otherwise a
 * status from `allowed` with the right shape; a 400
 * refusing each key that is not in `known` by name; never a conflict between values; no long echo of a
 * key or a value.
 */
export function checkJsonBodyAnswer(
  response: RawResponse,
  entries: readonly (readonly [string, unknown])[],
  known: readonly string[],
  allowed: readonly number[],
): void {
  // Generated keys of escaped control characters can make a body longer than the limit: that is a 413,
  // whatever its keys, and still a problem document with no echo.
  if (Buffer.byteLength(jsonObjectText(entries)) > maxBodyBytes) {
    const tooLarge = checkShape(response, [413]);
    if (tooLarge)
      checkEchoBound(
        tooLarge,
        entries.flatMap(([key, value]) => [key, JSON.stringify(value) ?? '']),
      );
    return;
  }
  const problem = checkShape(response, allowed);
  const unknown = [...new Set(entries.map(([key]) => key))].filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    expect(response.status).toBe(400);
    for (const key of unknown) expect(problem!.errors?.map((issue) => issue.field)).toContain(shortened(key));
  }
  if (problem) {
    expect(problem.errors?.some((issue) => issue.message.includes('different values')) ?? false).toBe(false);
    checkEchoBound(
      problem,
      entries.flatMap(([key, value]) => [key, JSON.stringify(value) ?? '']),
    );
  }
}
