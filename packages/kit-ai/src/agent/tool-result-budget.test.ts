import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { budgetResults, stringifyResult } from './tool-result-budget.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('stringifyResult', () => {
  it('gives JSON for anything a tool returns', () => {
    expect(stringifyResult(undefined)).toBe('null');
    expect(stringifyResult('a')).toBe('"a"');
    expect(stringifyResult(new Date(0))).toBe('"1970-01-01T00:00:00.000Z"');
    expect(stringifyResult(10n)).toBe('"10"');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(stringifyResult(cycle)).toBe('"[object Object]"');
  });
});

describe('budgetResults', () => {
  const big = { rows: Array.from({ length: 200 }, (_, index) => ({ index, name: `row ${index}` })) };

  it('leaves results alone without a budget (under the default aggregate)', async () => {
    expect(await budgetResults([{ callId: 'c1', name: 't', value: big }], undefined)).toEqual([{ text: JSON.stringify(big) }]);
  });

  it('cuts the text at maxChars with a note', async () => {
    const [result] = await budgetResults([{ callId: 'c1', name: 't', value: big }], { maxChars: 100 });
    const full = JSON.stringify(big);
    expect(result!.text).toBe(full.slice(0, 100));
    expect(result!.note).toBe(`[truncated: ${full.length - 100} of ${full.length} characters cut]`);
  });

  it('keeps valid JSON with preserveStructure', async () => {
    const [result] = await budgetResults([{ callId: 'c1', name: 't', value: big }], { maxChars: 300, preserveStructure: true });
    expect(result!.text.length).toBeLessThanOrEqual(300);
    expect((JSON.parse(result!.text) as { rows: unknown[] }).rows.at(-1)).toMatch(/more items/);
  });

  it('writes the full result to persistDir (created) and names the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kit-ai-budget-'));
    dirs.push(dir);
    const persistDir = join(dir, 'overflow', 'nested');
    const [result] = await budgetResults([{ callId: 'call_1_1', name: 'list rows', value: big }], { maxChars: 50, persistDir });
    expect(result!.persistedPath).toMatch(/overflow\/nested\/list_rows-call_1_1-[0-9a-f]{8}\.json$/);
    expect(await readFile(result!.persistedPath!, 'utf8')).toBe(JSON.stringify(big));
    expect(result!.note).toContain(`the full result is in the file ${result!.persistedPath}`);
  });

  it('caps the sum of an iteration: earlier results whole, later ones shortened', async () => {
    const value = 'x'.repeat(98); // 100 characters of JSON
    const results = await budgetResults(
      [1, 2, 3, 4].map((n) => ({ callId: `c${n}`, name: 't', value })),
      { maxChars: 1000, maxAggregateCharsPerIteration: 250 },
    );
    expect(results.map((result) => result.text.length)).toEqual([100, 100, 50, 0]);
    expect(results[2]!.note).toBe('[truncated: 50 of 100 characters cut]');
    expect(results[3]!.note).toBe('[truncated: 100 of 100 characters cut]');
  });

  it('applies the default aggregate of 200000 characters without a budget', async () => {
    const value = 'y'.repeat(150_000);
    const results = await budgetResults(
      [
        { callId: 'a', name: 't', value },
        { callId: 'b', name: 't', value },
      ],
      undefined,
    );
    expect(results[0]!.text.length).toBe(150_002);
    expect(results[1]!.text.length).toBe(200_000 - 150_002);
  });
});
