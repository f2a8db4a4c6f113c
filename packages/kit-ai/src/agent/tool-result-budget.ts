import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ToolResultBudgetConfig } from './types.js';
import { truncateJson } from './truncate-json.js';

/** The default of `maxAggregateCharsPerIteration`. */
export const DEFAULT_AGGREGATE_CHARS = 200_000;

/** The JSON text of a result: `null` for `undefined` or functions, a JSON string of `String(value)` when it cannot be serialised (cycles, BigInt). */
export function stringifyResult(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return JSON.stringify(String(value));
  }
}

/** One successful result to put in the results message. */
export interface ResultToBudget {
  callId: string;
  name: string;
  value: unknown;
}

/** A result after the budget: its text, and a note (on its own line after the text) when it was shortened. */
export interface BudgetedResult {
  text: string;
  note?: string;
  /** Where the full result was written, with `persistDir`. */
  persistedPath?: string;
}

function safeFilePart(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'x';
}

async function persist(dir: string, result: ResultToBudget, text: string): Promise<string> {
  const directory = resolve(dir);
  await mkdir(directory, { recursive: true });
  const path = join(directory, `${safeFilePart(result.name)}-${safeFilePart(result.callId)}-${randomUUID().slice(0, 8)}.json`);
  await writeFile(path, text, 'utf8');
  return path;
}

function shorten(text: string, limit: number, preserveStructure: boolean): string {
  if (preserveStructure) return truncateJson(text, limit);
  return text.slice(0, Math.max(0, limit));
}

/**
 * Applies `toolResultBudget` to one iteration's successful results, in call order. Each JSON text is
 * capped at `maxChars` (no cap without a budget), and the texts together at
 * `maxAggregateCharsPerIteration` (default 200000, applied even without a budget): results keep
 * their length while the running total allows, and later ones are cut to what is left. A cut keeps
 * valid JSON with `preserveStructure`, else the leading characters; either way a note says how many
 * characters were cut, and with `persistDir` the full text is written to a file the note names.
 */
export async function budgetResults(
  results: readonly ResultToBudget[],
  config: ToolResultBudgetConfig | undefined,
): Promise<BudgetedResult[]> {
  const perResult = config?.maxChars ?? Number.POSITIVE_INFINITY;
  let remaining = config?.maxAggregateCharsPerIteration ?? DEFAULT_AGGREGATE_CHARS;
  const budgeted: BudgetedResult[] = [];
  for (const result of results) {
    const full = stringifyResult(result.value);
    const limit = Math.min(perResult, Math.max(0, remaining));
    if (full.length <= limit) {
      budgeted.push({ text: full });
      remaining -= full.length;
      continue;
    }
    const text = shorten(full, limit, config?.preserveStructure === true);
    remaining -= text.length;
    const cut = `${full.length - text.length} of ${full.length} characters cut`;
    const persistedPath = config?.persistDir ? await persist(config.persistDir, result, full) : undefined;
    const note = persistedPath ? `[truncated: ${cut}; the full result is in the file ${persistedPath}]` : `[truncated: ${cut}]`;
    budgeted.push(persistedPath ? { text, note, persistedPath } : { text, note });
  }
  return budgeted;
}
