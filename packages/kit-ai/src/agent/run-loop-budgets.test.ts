import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LLMResponse } from '../llm/types.js';
import type { AgentTool } from '../tools/types.js';
import { createSmartAgent } from './create-smart-agent.js';
import { callText, scriptedLlm } from './testing/scripted-llm.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const rows: AgentTool = {
  name: 'list_rows',
  description: 'Lists rows',
  execute: async () => ({ rows: Array.from({ length: 300 }, (_, index) => ({ index, label: `row number ${index}` })) }),
};

function cutOff(content: string): LLMResponse {
  return { content, model: 'm', finishReason: 'length' };
}

describe('token budget', () => {
  it('sends maxOutputTokensPerTurn as maxTokens on every call (a number n means { maxOutputTokensPerTurn: n })', async () => {
    for (const tokenBudget of [256, { maxOutputTokensPerTurn: 256 }]) {
      const llm = scriptedLlm([callText('list_rows'), 'done']);
      await createSmartAgent({ llm, tools: [rows], tokenBudget }).run('g');
      expect(llm.requests.map((request) => request.options?.maxTokens)).toEqual([256, 256]);
    }
    const none = scriptedLlm(['done']);
    await createSmartAgent({ llm: none, tools: [] }).run('g');
    expect(none.requests[0]!.options?.maxTokens).toBeUndefined();
  });

  it('keeps the cap by default: a reply cut off at it is the final answer', async () => {
    const llm = scriptedLlm([cutOff('The first half'), 'never asked']);
    const outcome = await createSmartAgent({ llm, tools: [], tokenBudget: 100 }).run('g');
    expect(llm.requests.map((request) => request.options?.maxTokens)).toEqual([100]);
    expect(outcome.status).toBe('completed');
    expect(outcome.result).toBe('The first half');
    expect(outcome.checkpoint?.maxOutputTokens).toBe(100);
    expect(outcome.checkpoint?.compaction.tokenEscalations).toBe(0);
  });

  it('with maxEscalations, doubles the cap after a cut-off reply, asks the model to continue, and carries the cap in the checkpoint', async () => {
    const llm = scriptedLlm([cutOff('The first half'), 'the second half.']);
    const outcome = await createSmartAgent({ llm, tools: [], tokenBudget: { maxOutputTokensPerTurn: 100, maxEscalations: 1 } }).run('g');
    expect(llm.requests.map((request) => request.options?.maxTokens)).toEqual([100, 200]);
    expect(llm.requests[1]!.messages.at(-1)!.content).toBe(
      'Your previous reply was cut off at the output token limit. The limit is now 200 tokens. Continue exactly where you stopped.',
    );
    expect(outcome.status).toBe('completed');
    expect(outcome.result).toBe('the second half.');
    expect(outcome.checkpoint?.maxOutputTokens).toBe(200);
    expect(outcome.checkpoint?.compaction.tokenEscalations).toBe(1);
  });

  it('escalates at most maxEscalations times; a cut-off reply after that is the final answer', async () => {
    const llm = scriptedLlm(Array.from({ length: 6 }, (_, index) => cutOff(`part ${index}`)));
    const outcome = await createSmartAgent({ llm, tools: [], tokenBudget: { maxOutputTokensPerTurn: 10, maxEscalations: 3 } }).run('g');
    expect(llm.requests.map((request) => request.options?.maxTokens)).toEqual([10, 20, 40, 80]);
    expect(outcome.status).toBe('completed');
    expect(outcome.result).toBe('part 3');
    expect(outcome.checkpoint?.compaction.tokenEscalations).toBe(3);
  });

  it('treats max_tokens like length, and escalation survives a pause and resume', async () => {
    const llm = scriptedLlm([{ content: 'cut', model: 'm', finishReason: 'max_tokens' }]);
    const tokenBudget = { maxOutputTokensPerTurn: 50, maxEscalations: 4 };
    const paused = await createSmartAgent({
      llm,
      tools: [],
      tokenBudget,
      hooks: { getControlState: ({ point, iteration }) => ({ action: point === 'before_llm' && iteration === 2 ? 'pause' : 'continue' }) },
    }).run('g');
    expect(paused.status).toBe('paused');
    expect(paused.checkpoint?.maxOutputTokens).toBe(100);
    const next = scriptedLlm(['done']);
    await createSmartAgent({ llm: next, tools: [], tokenBudget }).resume(JSON.parse(JSON.stringify(paused.checkpoint)), 'go on');
    expect(next.requests[0]!.options?.maxTokens).toBe(100);
  });

  it('nudges once when output tokens reach nudgeAtPercent of maxOutputTokensPerTurn x maxIterations', async () => {
    const usage = { promptTokens: 1, completionTokens: 120, totalTokens: 121 };
    const reply = (content: string): LLMResponse => ({ content, model: 'm', usage });
    const llm = scriptedLlm([reply(callText('list_rows')), reply(callText('list_rows')), reply(callText('list_rows')), reply('done')]);
    const outcome = await createSmartAgent({
      llm,
      tools: [rows],
      maxIterations: 4,
      tokenBudget: { maxOutputTokensPerTurn: 100, nudgeAtPercent: 50 },
    }).run('g');
    const nudge =
      'Budget note: you have used 240 of the 400 output tokens budgeted for this run (60%). Wrap up: finish the current step and give your final answer soon.';
    const nudgesSeen = llm.requests.map((request) => request.messages.filter((message) => message.content.includes('Budget note:')).length);
    expect(nudgesSeen).toEqual([0, 0, 1, 1]);
    expect(llm.requests[2]!.messages.at(-1)!.content.endsWith(nudge)).toBe(true);
    expect(outcome.checkpoint?.nudgeSent).toBe(true);
    expect(outcome.checkpoint?.outputTokensUsed).toBe(480);
  });
});

describe('tool result budget', () => {
  function resultText(llm: ReturnType<typeof scriptedLlm>): string {
    return llm.requests[1]!.messages.at(-1)!.content;
  }

  it('truncates inside the JSON with preserveStructure, so the result stays valid JSON', async () => {
    const llm = scriptedLlm([callText('list_rows'), 'done']);
    const outcome = await createSmartAgent({ llm, tools: [rows], toolResultBudget: { maxChars: 500, preserveStructure: true } }).run('g');
    const [header, json, note] = resultText(llm).split('\n');
    expect(header).toBe('Result of tool list_rows (call call_1_1):');
    expect(json!.length).toBeLessThanOrEqual(500);
    const parsed = JSON.parse(json!) as { rows: unknown[] };
    expect(parsed.rows.at(-1)).toMatch(/^\[… \d+ more items\]$/);
    expect(note).toMatch(/^\[truncated: \d+ of \d+ characters cut\]$/);
    // The record keeps the whole value.
    expect((outcome.toolCalls[0]!.result as { rows: unknown[] }).rows).toHaveLength(300);
  });

  it('cuts the text with a marker without preserveStructure, and persists the full result to persistDir', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kit-ai-loop-'));
    dirs.push(dir);
    const persistDir = join(dir, 'overflow');
    const llm = scriptedLlm([callText('list_rows'), 'done']);
    await createSmartAgent({ llm, tools: [rows], toolResultBudget: { maxChars: 200, persistDir } }).run('g');
    const lines = resultText(llm).split('\n');
    expect(lines[1]!.length).toBe(200);
    const files = await readdir(persistDir);
    expect(files).toHaveLength(1);
    const path = join(persistDir, files[0]!);
    expect(lines[2]).toMatch(
      new RegExp(
        `^\\[truncated: \\d+ of \\d+ characters cut; the full result is in the file ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]$`,
      ),
    );
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(await rows.execute({}));
  });

  it('caps the sum of one iteration at maxAggregateCharsPerIteration, shortening later results', async () => {
    const text: AgentTool = { name: 'text', description: 't', execute: async () => 'z'.repeat(398) };
    const llm = scriptedLlm([`[${callText('text')}, ${callText('text')}, ${callText('text')}]`, 'done']);
    await createSmartAgent({ llm, tools: [text], toolResultBudget: { maxChars: 1000, maxAggregateCharsPerIteration: 1000 } }).run('g');
    const bodies = resultText(llm)
      .split('\n\n')
      .map((block) => block.split('\n')[1]!);
    expect(bodies.map((body) => body.length)).toEqual([400, 400, 200]);
  });

  it('keeps the path of a persisted result in the conversation when microcompact later shortens it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kit-ai-loop-'));
    dirs.push(dir);
    const persistDir = join(dir, 'overflow');
    const llm = scriptedLlm([callText('list_rows'), callText('list_rows'), callText('list_rows'), 'done']);
    await createSmartAgent({
      llm,
      tools: [rows],
      toolResultBudget: { maxChars: 300, persistDir },
      compaction: { microcompact: { maxToolResultChars: 100, protectedTail: 2 } },
    }).run('g');
    const files = (await readdir(persistDir)).sort();
    expect(files).toHaveLength(3);
    const sent = llm.requests.at(-1)!.messages;
    const first = sent.find((message) => message.content.startsWith('Result of tool list_rows (call call_1_1)'))!;
    const lines = first.content.split('\n');
    expect(lines[2]).toMatch(/^\[shortened by microcompact: 200 of 300 characters removed\]$/);
    expect(lines[3]).toMatch(/^\[truncated: \d+ of \d+ characters cut; the full result is in the file .+\.json\]$/);
    const named = lines[3]!.slice(lines[3]!.indexOf('in the file ') + 'in the file '.length, -1);
    expect(JSON.parse(await readFile(named, 'utf8'))).toEqual(await rows.execute({}));
  });
});
