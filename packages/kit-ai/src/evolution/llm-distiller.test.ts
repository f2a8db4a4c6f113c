import { describe, expect, it } from 'vitest';
import { scriptedLlm, type ScriptedLLM } from '../agent/testing/scripted-llm.js';
import { KitAIError } from '../errors/kit-ai-error.js';
import { LlmDistiller } from './llm-distiller.js';
import type { LLMProvider } from '../llm/types.js';
import type { Experience, Strategy } from './types.js';

/** A scripted provider answering with the given replies, in order. */
const scripted = (...replies: string[]): ScriptedLLM => scriptedLlm(replies);

const failedRun: Experience = {
  id: 'exp-1',
  goal: 'Refund order 1042',
  outcome: 'failure',
  trajectory: [
    { iteration: 1, kind: 'tool', name: 'issue_refund', args: { id: 1042 }, status: 'error', summary: 'order 1042 was already refunded' },
    { iteration: 2, kind: 'answer', summary: 'I could not refund it.' },
  ],
  iterations: 2,
  tokenUsage: 800,
  duration: 1234.4,
  skillsUsed: ['refund-triage'],
  recordedAt: '2025-01-01T00:00:00.000Z',
  status: 'fatal',
  error: 'hard tool failure',
};

const knownStrategy: Strategy = {
  id: 's-1',
  content: 'Answer in the language of the customer.',
  source: [],
  utility: 0.6,
  applications: 2,
  createdAt: '',
  updatedAt: '',
};

describe('LlmDistiller.distill', () => {
  it('asks once, showing the runs and the known lessons, and returns new strategies', async () => {
    const llm = scripted('{"strategies": [{"content": "Check whether an order was already refunded before refunding it."}]}');
    const strategies = await new LlmDistiller({ llm }).distill(
      [failedRun, { ...failedRun, id: 'exp-0', outcome: 'success', status: 'completed', error: undefined }],
      [knownStrategy],
    );
    expect(strategies).toEqual([
      {
        content: 'Check whether an order was already refunded before refunding it.',
        source: ['exp-1', 'exp-0'],
        utility: 0.5,
        applications: 0,
      },
    ]);
    expect(llm.requests).toHaveLength(1);
    const [system, user] = llm.requests[0]?.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain(
      'Reply with JSON only, with no text before or after it: {"strategies": [{"content": "<lesson>"}]}. Give at most 3 lessons',
    );
    expect(user?.content).toBe(
      [
        'Run 1: Refund order 1042',
        'Outcome: failure (status fatal, error: hard tool failure)',
        'Iterations: 2; tokens: 800; duration: 1234 ms; skills: refund-triage',
        'Steps:',
        '1. [iteration 1] tool issue_refund {"id":1042} -> error: order 1042 was already refunded',
        '2. [iteration 2] final answer: I could not refund it.',
        '',
        'Run 2: Refund order 1042',
        'Outcome: success (status completed)',
        'Iterations: 2; tokens: 800; duration: 1234 ms; skills: refund-triage',
        'Steps:',
        '1. [iteration 1] tool issue_refund {"id":1042} -> error: order 1042 was already refunded',
        '2. [iteration 2] final answer: I could not refund it.',
        '',
        'Known lessons:',
        '- Answer in the language of the customer.',
      ].join('\n'),
    );
  });

  it('accepts one ```json fence, keeps at most maxStrategiesPerRun and drops repeats', async () => {
    const llm = scripted(
      '```json\n{"strategies": [{"content": "answer in the language of the customer"}, {"content": "Refund once."}, {"content": "REFUND ONCE!"}, {"content": "Log every refund."}, {"content": "Third."}]}\n```',
    );
    const strategies = await new LlmDistiller({ llm, maxStrategiesPerRun: 2 }).distill([failedRun], [knownStrategy]);
    expect(strategies.map((strategy) => strategy.content)).toEqual(['Refund once.', 'Log every refund.']);
    expect(llm.requests[0]?.messages[0]?.content).toContain('Give at most 2 lessons');
  });

  it('makes no call without experiences, and accepts an empty list', async () => {
    const llm = scripted('{"strategies": []}');
    const distiller = new LlmDistiller({ llm });
    expect(await distiller.distill([], [])).toEqual([]);
    expect(llm.requests).toHaveLength(0);
    expect(await distiller.distill([failedRun], [])).toEqual([]);
    expect(llm.requests[0]?.messages[1]?.content).toContain('Known lessons: none.');
  });

  it('rejects a reply that is not JSON, or JSON inside prose, with invalid_model_output', async () => {
    for (const reply of ['Sure! Here are the lessons: check refunds.', 'Here you go:\n{"strategies": []}']) {
      const error = await new LlmDistiller({ llm: scripted(reply) }).distill([failedRun], []).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(KitAIError);
      expect(error).toMatchObject({ code: 'invalid_model_output', issues: [{ path: '', message: 'the reply is not JSON' }] });
      expect((error as Error).message).toMatch(
        /^LlmDistiller\.distill: the reply of "scripted" is not one JSON object \(.+\); the model must answer with JSON only\. The reply began: /,
      );
    }
  });

  it('rejects JSON of the wrong shape, naming every problem', async () => {
    const error = (await new LlmDistiller({ llm: scripted('{"strategies": [{"content": ""}, {"text": "x"}]}') })
      .distill([failedRun], [])
      .catch((thrown: unknown) => thrown)) as KitAIError;
    expect(error.code).toBe('invalid_model_output');
    expect(error.issues).toEqual([
      { path: 'strategies.0.content', message: 'strategies.0.content must NOT have fewer than 1 characters' },
      { path: 'strategies.1.content', message: 'strategies.1.content is required' },
    ]);
    expect(error.message).toContain(
      'LlmDistiller.distill: the reply of "scripted" does not have the expected shape (strategies.0.content: strategies.0.content must NOT have fewer than 1 characters; strategies.1.content: strategies.1.content is required); nothing was stored.',
    );
  });

  it('rejects bad options with invalid_config', () => {
    expect(() => new LlmDistiller({ llm: {} as never })).toThrow(
      "LlmDistiller: llm must be an LLMProvider (an object with name and chat()), got an object; pass the agent's model or a cheaper one.",
    );
    expect(() => new LlmDistiller({ llm: scripted(), maxStrategiesPerRun: 0 })).toThrow(
      'LlmDistiller: maxStrategiesPerRun must be a positive integer such as 3, got 0.',
    );
  });
});

describe('LlmDistiller.consolidate', () => {
  const strategies: Strategy[] = [
    { id: 'a', content: 'Look up the order first.', source: ['e1'], utility: 0.9, applications: 3, createdAt: '', updatedAt: '' },
    {
      id: 'b',
      content: 'Before refunding, read the order.',
      source: ['e2', 'e1'],
      utility: 0.5,
      applications: 0,
      createdAt: '',
      updatedAt: '',
    },
    {
      id: 'c',
      content: 'Answer in French to French customers.',
      source: ['e3'],
      utility: 0.7,
      applications: 1,
      createdAt: '',
      updatedAt: '',
    },
  ];

  it('merges overlapping strategies with one call', async () => {
    const llm = scripted(
      '{"strategies": [{"content": "Read the order before any refund.", "merges": ["a", "b"]}, {"content": "Answer in French to French customers.", "merges": ["c"]}]}',
    );
    const merged = await new LlmDistiller({ llm }).consolidate(strategies);
    expect(merged).toEqual([
      // utility: (0.9 * 4 + 0.5 * 1) / 5
      { content: 'Read the order before any refund.', source: ['e1', 'e2'], utility: 0.82, applications: 3 },
      { content: 'Answer in French to French customers.', source: ['e3'], utility: 0.7, applications: 1 },
    ]);
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]?.messages[1]?.content).toBe(
      'Lessons:\n- id a: Look up the order first.\n- id b: Before refunding, read the order.\n- id c: Answer in French to French customers.',
    );
  });

  it('rejects unknown, repeated and missing ids', async () => {
    const llm = scripted('{"strategies": [{"content": "x", "merges": ["a", "zzz"]}, {"content": "y", "merges": ["a"]}]}');
    const error = (await new LlmDistiller({ llm }).consolidate(strategies).catch((thrown: unknown) => thrown)) as KitAIError;
    expect(error.code).toBe('invalid_model_output');
    expect(error.issues).toEqual([
      { path: 'strategies.0.merges.1', message: '"zzz" is not the id of a given strategy' },
      { path: 'strategies.1.merges.0', message: '"a" is already merged by strategies.0' },
      { path: 'strategies', message: 'the strategy "b" is in no entry\'s merges' },
      { path: 'strategies', message: 'the strategy "c" is in no entry\'s merges' },
    ]);
  });

  it('returns fewer than two strategies as they are, without a call', async () => {
    const llm = scripted();
    expect(await new LlmDistiller({ llm }).consolidate(strategies.slice(0, 1))).toEqual([
      { content: 'Look up the order first.', source: ['e1'], utility: 0.9, applications: 3 },
    ]);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('LlmDistiller timeout', () => {
  it('gives up on a model that never answers, with llm_timeout, and aborts its call', async () => {
    let seenSignal: AbortSignal | undefined;
    const silent: LLMProvider = {
      name: 'silent',
      chat: (_messages, options) => {
        seenSignal = options?.signal;
        return new Promise(() => {});
      },
    };
    const distiller = new LlmDistiller({ llm: silent, timeoutMs: 30 });
    const started = Date.now();
    const error = await distiller.distill([failedRun], []).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KitAIError);
    expect((error as KitAIError).code).toBe('llm_timeout');
    expect((error as KitAIError).message).toMatch(/"silent" did not answer within 30 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(seenSignal?.aborted).toBe(true);
  });

  it('rejects a timeout that is not a positive number', () => {
    expect(() => new LlmDistiller({ llm: { name: 'x', chat: async () => ({ content: '{}', model: 'x' }) }, timeoutMs: 0 })).toThrow(
      /timeoutMs must be a positive number/,
    );
  });
});
