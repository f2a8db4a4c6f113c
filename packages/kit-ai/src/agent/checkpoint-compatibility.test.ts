import { describe, expect, it } from 'vitest';
import type { AgentTool } from '../tools/types.js';
import { createSmartAgent } from './create-smart-agent.js';
import { callText, scriptedLlm, type ScriptStep, type ScriptedLLM } from './testing/scripted-llm.js';
import type { AgentCheckpoint, IterationSnapshot, SmartAgentConfig } from './types.js';

// Checkpoints are stored by applications and resumed by later versions of the loop, so these two were
// taken with an earlier version and are kept exactly as it wrote them (JSON, key order included).

/** Paused before tools with two calls pending, after a skill activation, a deferred tool load, the wrap-up nudge and one escalation of the output cap. */
const PAUSED_BEFORE_TOOLS: AgentCheckpoint = {
  stage: 'paused',
  goal: 'GOAL: refund order A-1',
  messages: [
    { role: 'user', content: 'GOAL: refund order A-1' },
    { role: 'assistant', content: '{"tool":"activate_skill","arguments":{"name":"billing"}}' },
    {
      role: 'user',
      content: 'Result of tool activate_skill (call call_1_1):\n{"skill":"billing","prompt":"Check the invoice first.","tools":["refund"]}',
    },
    {
      role: 'user',
      content:
        'Budget note: you have used 14 of the 240 output tokens budgeted for this run (6%). Wrap up: finish the current step and give your final answer soon.',
    },
    { role: 'assistant', content: '{"tool":"load_tools","arguments":{"names":["lookup"]}}' },
    {
      role: 'user',
      content:
        'Result of tool load_tools (call call_2_1):\n{"loaded":[{"name":"lookup","description":"The lookup tool","parameters":{"type":"object","properties":{"text":{"type":"string"}}}}],"unknown":[]}',
    },
    { role: 'assistant', content: 'The answer is cut' },
    {
      role: 'user',
      content: 'Your previous reply was cut off at the output token limit. The limit is now 80 tokens. Continue exactly where you stopped.',
    },
    { role: 'assistant', content: '{"tool":"lookup","arguments":{"text":"A-1"}}' },
    { role: 'user', content: 'Result of tool lookup (call call_4_1):\n{"tool":"lookup","text":"A-1"}' },
    { role: 'assistant', content: '[{"tool":"refund","arguments":{"text":"A-1"}}, {"tool":"echo","arguments":{"text":"x"}}]' },
  ],
  iterations: 5,
  toolCalls: [
    {
      id: 'call_1_1',
      tool: 'activate_skill',
      args: { name: 'billing' },
      status: 'success',
      iteration: 1,
      startedAt: '2026-11-28T23:10:18.088Z',
      durationMs: 0,
      result: { skill: 'billing', prompt: 'Check the invoice first.', tools: ['refund'] },
    },
    {
      id: 'call_2_1',
      tool: 'load_tools',
      args: { names: ['lookup'] },
      status: 'success',
      iteration: 2,
      startedAt: '2026-11-28T23:10:18.093Z',
      durationMs: 0,
      result: {
        loaded: [
          { name: 'lookup', description: 'The lookup tool', parameters: { type: 'object', properties: { text: { type: 'string' } } } },
        ],
        unknown: [],
      },
    },
    {
      id: 'call_4_1',
      tool: 'lookup',
      args: { text: 'A-1' },
      status: 'success',
      iteration: 4,
      startedAt: '2026-11-28T23:10:18.095Z',
      durationMs: 0,
      result: { tool: 'lookup', text: 'A-1' },
    },
  ],
  taskCalls: [],
  maxOutputTokens: 80,
  compaction: { autocompactFailures: 0, reactiveCompactRetries: 0, tokenEscalations: 1 },
  activeSkills: ['billing'],
  loadedTools: ['refund', 'lookup'],
  outputTokensUsed: 101,
  nudgeSent: true,
  pendingCalls: [
    { name: 'refund', arguments: { text: 'A-1' }, id: 'call_5_1' },
    { name: 'echo', arguments: { text: 'x' }, id: 'call_5_2' },
  ],
};

/** Taken while the task `build` ran, the tool after it not started yet. */
const WAITING_FOR_TASK: AgentCheckpoint = {
  stage: 'task_wait',
  goal: 'GOAL: build it',
  messages: [
    { role: 'user', content: 'GOAL: build it' },
    {
      role: 'assistant',
      content: '[{"tool":"echo","arguments":{"text":"pre"}}, {"tool":"build","arguments":{}}, {"tool":"notify","arguments":{"text":"n"}}]',
    },
    { role: 'user', content: 'Result of tool echo (call call_1_1):\n{"tool":"echo","text":"pre"}' },
  ],
  iterations: 1,
  toolCalls: [
    {
      id: 'call_1_1',
      tool: 'echo',
      args: { text: 'pre' },
      status: 'success',
      iteration: 1,
      startedAt: '2026-11-28T23:10:20.004Z',
      durationMs: 0,
      result: { tool: 'echo', text: 'pre' },
    },
  ],
  taskCalls: [],
  maxOutputTokens: 0,
  compaction: { autocompactFailures: 0, reactiveCompactRetries: 0, tokenEscalations: 0 },
  activeSkills: [],
  loadedTools: [],
  outputTokensUsed: 31,
  nudgeSent: false,
  pendingCalls: [
    { name: 'build', arguments: {}, id: 'call_1_2' },
    { name: 'notify', arguments: { text: 'n' }, id: 'call_1_3' },
  ],
};

const tool = (name: string): AgentTool => ({
  name,
  description: `The ${name} tool`,
  parameters: { type: 'object', properties: { text: { type: 'string' } } },
  isConcurrencySafe: true,
  execute: async ({ text }) => ({ tool: name, text: text ?? null }),
});

/** The agent the checkpoints were taken with: four tools deferred above two, a skill, a task and a token budget. */
function agentConfig(script: ScriptStep[], extra: Partial<SmartAgentConfig> = {}): SmartAgentConfig {
  return {
    llm: scriptedLlm(script),
    tools: ['echo', 'lookup', 'refund', 'notify'].map(tool),
    skills: [
      { name: 'billing', description: 'Billing questions', trigger: 'money', prompt: 'Check the invoice first.', tools: ['refund'] },
    ],
    tasks: [{ name: 'build', description: 'Builds', execute: async () => ({ built: true }) }],
    toolCatalog: { deferThreshold: 2 },
    tokenBudget: { maxOutputTokensPerTurn: 40, nudgeAtPercent: 5, maxEscalations: 1 },
    maxIterations: 6,
    ...extra,
  };
}

/** Resumes `checkpoint` and records what the model was sent, the checkpoint stages offered and the iteration snapshots. */
async function resume(checkpoint: AgentCheckpoint, config: SmartAgentConfig, message: string) {
  const stages: string[] = [];
  const snapshots: IterationSnapshot[] = [];
  const result = await createSmartAgent({
    ...config,
    hooks: { onCheckpoint: (taken) => void stages.push(taken.stage), afterIteration: (snapshot) => void snapshots.push(snapshot) },
  }).resume(checkpoint, message);
  return { result, stages, snapshots, requests: (config.llm as ScriptedLLM).requests };
}

const callsOf = (snapshot: IterationSnapshot): string[] => [
  ...snapshot.toolCalls.map((call) => `${call.id} ${call.tool}`),
  ...snapshot.taskCalls.map((call) => `${call.id} ${call.task}`),
];

describe('checkpoints taken by an earlier version', () => {
  it('resume a pause before tools: the pending calls run first, then the message, with skills, loaded tools and budgets restored', async () => {
    const { result, stages, snapshots, requests } = await resume(
      structuredClone(PAUSED_BEFORE_TOOLS),
      agentConfig([callText('notify', { text: 'done' }), 'Refunded A-1.']),
      'Go on.',
    );
    expect(stages).toEqual(['tool_result', 'tool_result', 'completed']);
    expect(requests.map((request) => [request.options?.tools?.map((definition) => definition.name), request.options?.maxTokens])).toEqual([
      [['lookup', 'refund', 'activate_skill', 'load_tools'], 80],
      [['lookup', 'refund', 'activate_skill', 'load_tools'], 80],
    ]);
    const system = requests[0]!.messages[0]!.content;
    expect(system).toContain(
      'More tools, listed by name only: call load_tools with {"names": [...]} to get their definitions before using them.\n- echo: The echo tool\n- notify: The notify tool\n- build (task): Builds',
    );
    expect(system.endsWith('## Active skill: billing\nCheck the invoice first.\nPreferred tools: refund')).toBe(true);
    expect(requests[0]!.messages.at(-1)!.content).toBe(
      'Result of tool refund (call call_5_1):\n{"tool":"refund","text":"A-1"}\n\nResult of tool echo (call call_5_2):\n{"tool":"echo","text":"x"}\n\nGo on.',
    );
    expect(
      snapshots.map((snapshot) => [
        snapshot.iteration,
        callsOf(snapshot),
        snapshot.messageCount,
        snapshot.estimatedTokens,
        snapshot.finalAnswer,
      ]),
    ).toEqual([
      [6, ['call_5_1 refund', 'call_5_2 echo', 'call_6_1 notify'], 15, 297, false],
      [7, [], 16, 300, true],
    ]);
    expect(result).toMatchObject({ status: 'completed', result: 'Refunded A-1.', iterations: 7 });
    expect(result.toolCalls.map((call) => `${call.id} ${call.tool} ${call.iteration}`)).toEqual([
      'call_1_1 activate_skill 1',
      'call_2_1 load_tools 2',
      'call_4_1 lookup 4',
      'call_5_1 refund 5',
      'call_5_2 echo 5',
      'call_6_1 notify 6',
    ]);
    const { pendingCalls: _pending, ...fields } = PAUSED_BEFORE_TOOLS;
    expect(Object.keys(result.checkpoint!)).toEqual(Object.keys(fields));
    expect(result.checkpoint).toMatchObject({
      stage: 'completed',
      maxOutputTokens: 80,
      compaction: { autocompactFailures: 0, reactiveCompactRetries: 0, tokenEscalations: 1 },
      activeSkills: ['billing'],
      loadedTools: ['refund', 'lookup'],
      outputTokensUsed: 117,
      nudgeSent: true,
    });
    expect(result.checkpoint!.messages.slice(PAUSED_BEFORE_TOOLS.messages.length)).toEqual([
      {
        role: 'user',
        content:
          'Result of tool refund (call call_5_1):\n{"tool":"refund","text":"A-1"}\n\nResult of tool echo (call call_5_2):\n{"tool":"echo","text":"x"}',
      },
      { role: 'user', content: 'Go on.' },
      { role: 'assistant', content: '{"tool":"notify","arguments":{"text":"done"}}' },
      { role: 'user', content: 'Result of tool notify (call call_6_1):\n{"tool":"notify","text":"done"}' },
      { role: 'assistant', content: 'Refunded A-1.' },
    ]);
  });

  it('resume a task_wait checkpoint: the task runs again and the calls after it run, reported in the first snapshot', async () => {
    const config = agentConfig(['Built.'], { toolCatalog: undefined, skills: undefined, tokenBudget: undefined });
    const { result, stages, snapshots, requests } = await resume(structuredClone(WAITING_FOR_TASK), config, 'Continue.');
    expect(stages).toEqual(['task_wait', 'tool_result', 'completed']);
    expect(requests.map((request) => request.messages.slice(1))).toEqual([
      [
        ...WAITING_FOR_TASK.messages.slice(0, 2),
        {
          role: 'user',
          content:
            'Result of tool echo (call call_1_1):\n{"tool":"echo","text":"pre"}\n\nResult of task build (call call_1_2):\n{"built":true}\n\nResult of tool notify (call call_1_3):\n{"tool":"notify","text":"n"}\n\nContinue.',
        },
      ],
    ]);
    expect(requests[0]!.options?.maxTokens).toBeUndefined();
    expect(
      snapshots.map((snapshot) => [
        snapshot.iteration,
        callsOf(snapshot),
        snapshot.messageCount,
        snapshot.estimatedTokens,
        snapshot.finalAnswer,
      ]),
    ).toEqual([[2, ['call_1_3 notify', 'call_1_2 build'], 6, 84, true]]);
    expect(result).toMatchObject({ status: 'completed', result: 'Built.', iterations: 2 });
    expect(result.taskCalls.map((call) => [call.id, call.status, call.result])).toEqual([['call_1_2', 'success', { built: true }]]);
    expect(result.checkpoint).toMatchObject({ stage: 'completed', outputTokensUsed: 33, nudgeSent: false, maxOutputTokens: 0 });
  });
});
