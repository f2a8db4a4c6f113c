import { describe, expect, it } from 'vitest';
import type { AgentTool, AgentToolCallRecord, AgentTaskCallRecord } from '../tools/types.js';
import { createSmartAgent } from './create-smart-agent.js';
import { callText, scriptedLlm, type ScriptStep } from './testing/scripted-llm.js';
import { conversationProblems } from './testing/conversation.js';
import type {
  AgentCheckpoint,
  AgentRunResult,
  ControlAction,
  ControlContext,
  IterationSnapshot,
  SmartAgentConfig,
  SmartAgentHooks,
} from './types.js';

const echo: AgentTool = {
  name: 'echo',
  description: 'Echoes its text',
  parameters: { type: 'object', properties: { text: { type: 'string' } } },
  execute: async ({ text }) => ({ echoed: text ?? null }),
};
const refund: AgentTool = {
  name: 'refund',
  description: 'Refunds an order',
  parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
  execute: async ({ orderId }) => ({ refunded: orderId }),
};

/** getControlState answering `plan['<point>:<iteration>']`, else continue; every question is recorded. */
function controller(plan: Record<string, ControlAction>, asked: ControlContext[] = []): SmartAgentHooks['getControlState'] {
  return (context) => {
    asked.push(context);
    const key = `${context.point}:${context.iteration}`;
    const action = plan[key] ?? 'continue';
    delete plan[key];
    return { action };
  };
}

function stripTimes<T extends AgentToolCallRecord | AgentTaskCallRecord>(records: T[]): Omit<T, 'startedAt' | 'durationMs'>[] {
  return records.map(({ startedAt: _s, durationMs: _d, ...rest }) => rest);
}

function comparable(result: AgentRunResult): unknown {
  const checkpoint = result.checkpoint
    ? { ...result.checkpoint, toolCalls: stripTimes(result.checkpoint.toolCalls), taskCalls: stripTimes(result.checkpoint.taskCalls) }
    : undefined;
  return { ...result, toolCalls: stripTimes(result.toolCalls), taskCalls: stripTimes(result.taskCalls), checkpoint };
}

/**
 * Resumes `checkpoint` twice, as it is and after a JSON round trip, each with a fresh agent on the
 * same script, and expects identical model requests and results.
 */
async function expectResumesExactly(
  checkpoint: AgentCheckpoint,
  make: (script: ScriptStep[]) => SmartAgentConfig,
  script: ScriptStep[],
  message = 'Continue.',
): Promise<AgentRunResult> {
  const runs = [];
  for (const copy of [checkpoint, JSON.parse(JSON.stringify(checkpoint)) as AgentCheckpoint]) {
    const config = make([...script]);
    const result = await createSmartAgent(config).resume(copy, message);
    runs.push({ result, requests: (config.llm as ReturnType<typeof scriptedLlm>).requests.map((request) => request.messages) });
  }
  expect(runs[1]!.requests).toEqual(runs[0]!.requests);
  expect(comparable(runs[1]!.result)).toEqual(comparable(runs[0]!.result));
  return runs[0]!.result;
}

describe('statuses and checkpoint stages', () => {
  it('completes, with onCheckpoint at initialized, tool_result and completed', async () => {
    const stages: string[] = [];
    const outcome = await createSmartAgent({
      llm: scriptedLlm([callText('echo', { text: 'hi' }), 'all done']),
      tools: [echo],
      hooks: { onCheckpoint: (checkpoint) => void stages.push(checkpoint.stage) },
    }).run('Say hi');
    expect(outcome.status).toBe('completed');
    expect(stages).toEqual(['initialized', 'tool_result', 'completed']);
    expect(outcome.checkpoint?.stage).toBe('completed');
    expect(outcome.checkpoint?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(conversationProblems(outcome.checkpoint!.messages, 'Say hi')).toEqual([]);
  });

  it('stops at max_iterations (default 10), and resume gets a fresh budget while iterations keep counting', async () => {
    const looping = (): ScriptStep[] => Array.from({ length: 30 }, () => callText('echo', { text: 'again' }));
    const first = await createSmartAgent({ llm: scriptedLlm(looping()), tools: [echo] }).run('loop');
    expect(first.status).toBe('max_iterations');
    expect(first.iterations).toBe(10);
    expect(first.checkpoint?.stage).toBe('max_iterations');
    expect(first.result).toBe(callText('echo', { text: 'again' }));

    const make = (script: ScriptStep[]): SmartAgentConfig => ({ llm: scriptedLlm(script), tools: [echo], maxIterations: 3 });
    const resumed = await expectResumesExactly(first.checkpoint!, make, [callText('echo'), 'finished']);
    expect(resumed.status).toBe('completed');
    expect(resumed.iterations).toBe(12);
    expect(resumed.toolCalls).toHaveLength(11);
    const again = await createSmartAgent({ llm: scriptedLlm(looping()), tools: [echo], maxIterations: 3 }).resume(
      first.checkpoint!,
      'go on',
    );
    expect(again.status).toBe('max_iterations');
    expect(again.iterations).toBe(13);
  });

  it('bounds a run over all its calls with maxTotalIterations (default 10 x maxIterations), counted in the checkpoint', async () => {
    const looping = (): ScriptStep[] => Array.from({ length: 30 }, () => callText('echo', { text: 'again' }));
    const config = (llm: ReturnType<typeof scriptedLlm>): SmartAgentConfig => ({
      llm,
      tools: [echo],
      maxIterations: 3,
      maxTotalIterations: 7,
    });
    let outcome = await createSmartAgent(config(scriptedLlm(looping()))).run('loop');
    const seen = [outcome.iterations];
    while (outcome.checkpoint && seen.length < 6) {
      const llm = scriptedLlm(looping());
      outcome = await createSmartAgent(config(llm)).resume(JSON.parse(JSON.stringify(outcome.checkpoint)), 'go on');
      seen.push(outcome.iterations);
      expect(outcome.status).toBe('max_iterations');
      if (outcome.iterations === 7) expect(llm.requests.length).toBeLessThanOrEqual(1);
    }
    expect(seen).toEqual([3, 6, 7, 7, 7, 7]);
    expect(outcome.checkpoint?.iterations).toBe(7);
    // Resumed once it is used up, the run asks the model nothing and keeps its conversation as it was.
    const messages = outcome.checkpoint!.messages.length;
    const idle = scriptedLlm(looping());
    const again = await createSmartAgent(config(idle)).resume(outcome.checkpoint!, 'go on');
    expect([again.status, idle.requests.length, again.checkpoint?.messages.length]).toEqual(['max_iterations', 0, messages]);

    const unbounded = scriptedLlm(looping());
    const byDefault = await createSmartAgent({ llm: unbounded, tools: [echo], maxIterations: 1 }).resume(
      { ...outcome.checkpoint!, iterations: 9 },
      'go on',
    );
    expect([byDefault.status, byDefault.iterations, unbounded.requests.length]).toEqual(['max_iterations', 10, 1]);
    const exhausted = await createSmartAgent({ llm: scriptedLlm(looping()), tools: [echo], maxIterations: 1 }).resume(
      byDefault.checkpoint!,
      'go on',
    );
    expect(exhausted.iterations).toBe(10);
  });

  it('stops at approval_required when a before-hook refuses; the refused call and those after it do not run', async () => {
    const trace: string[] = [];
    const hooks: SmartAgentHooks = {
      beforeToolCall: (call) => {
        trace.push(`before ${call.name} ${call.id}`);
        return call.name === 'refund' ? { allowed: false, reason: 'refunds need a supervisor' } : { allowed: true };
      },
      afterToolCall: (record) => void trace.push(`after ${record.tool} ${record.status}`),
    };
    const reply = `[${callText('echo', { text: 'a' })}, ${callText('refund', { orderId: 'A1' })}, ${callText('echo', { text: 'b' })}]`;
    const llm = scriptedLlm([reply]);
    const outcome = await createSmartAgent({ llm, tools: [echo, refund], hooks }).run('Refund A1');
    expect(outcome.status).toBe('approval_required');
    expect(outcome.pendingApproval).toEqual({
      kind: 'tool',
      tool: 'refund',
      args: { orderId: 'A1' },
      reason: 'refunds need a supervisor',
      callId: 'call_1_2',
    });
    expect(outcome.checkpoint?.stage).toBe('approval_required');
    expect(outcome.checkpoint?.pendingApproval).toEqual(outcome.pendingApproval);
    expect(trace).toEqual(['before echo call_1_1', 'after echo success', 'before refund call_1_2', 'after refund denied']);
    expect(outcome.toolCalls.map((call) => [call.tool, call.status, call.error])).toEqual([
      ['echo', 'success', undefined],
      ['refund', 'denied', 'refunds need a supervisor'],
    ]);
    const last = outcome.checkpoint!.messages.at(-1)!.content;
    expect(last).toBe(
      'Result of tool echo (call call_1_1):\n{"echoed":"a"}\n\nNot run: tool refund (call call_1_2) needs approval: refunds need a supervisor. Also not run: tool echo (call call_1_3). Wait for the decision in the next message; if it is approved, make the call again.',
    );

    // The person approves; the model re-issues the call and the hook is asked again.
    let approved = false;
    const make = (script: ScriptStep[]): SmartAgentConfig => ({
      llm: scriptedLlm(script),
      tools: [echo, refund],
      hooks: { beforeToolCall: (call) => (call.name === 'refund' && !approved ? { allowed: false, reason: 'no' } : { allowed: true }) },
    });
    approved = true;
    const resumed = await expectResumesExactly(
      outcome.checkpoint!,
      make,
      [callText('refund', { orderId: 'A1' }), 'Refunded.'],
      'Approved by the supervisor.',
    );
    expect(resumed.status).toBe('completed');
    expect(resumed.toolCalls.at(-1)).toMatchObject({ tool: 'refund', status: 'success', iteration: 2 });
  });

  it('reports a refused task as kind task', async () => {
    const outcome = await createSmartAgent({
      llm: scriptedLlm([callText('deploy', { env: 'prod' })]),
      tools: [],
      tasks: [{ name: 'deploy', description: 'd', execute: async () => 'ok' }],
      hooks: { beforeTaskCall: () => ({ allowed: false }) },
    }).run('deploy');
    expect(outcome.pendingApproval).toEqual({
      kind: 'task',
      tool: 'deploy',
      args: { env: 'prod' },
      reason: 'refused by beforeTaskCall',
      callId: 'call_1_1',
    });
    expect(outcome.taskCalls[0]).toMatchObject({ status: 'denied' });
  });

  it('pauses before the LLM call, and resume continues with the message', async () => {
    const asked: ControlContext[] = [];
    const outcome = await createSmartAgent({
      llm: scriptedLlm([]),
      tools: [echo],
      hooks: { getControlState: controller({ 'before_llm:1': 'pause' }, asked) },
    }).run('g');
    expect(outcome.status).toBe('paused');
    expect(outcome.checkpoint?.stage).toBe('paused');
    expect(outcome.iterations).toBe(0);
    expect(asked).toEqual([{ point: 'before_llm', iteration: 1, goal: 'g' }]);
    const make = (script: ScriptStep[]): SmartAgentConfig => ({ llm: scriptedLlm(script), tools: [echo] });
    const resumed = await expectResumesExactly(outcome.checkpoint!, make, ['hello']);
    expect(resumed.status).toBe('completed');
  });

  it('pauses before tools with the calls pending; resume runs them first, asking hooks again, then adds the message', async () => {
    let executed = 0;
    const counted: AgentTool = {
      ...echo,
      execute: async (args) => {
        executed++;
        return echo.execute(args);
      },
    };
    const outcome = await createSmartAgent({
      llm: scriptedLlm([callText('echo', { text: 'x' })]),
      tools: [counted],
      hooks: { getControlState: controller({ 'before_tools:1': 'pause' }) },
    }).run('g');
    expect(outcome.status).toBe('paused');
    expect(executed).toBe(0);
    expect(outcome.checkpoint?.pendingCalls).toEqual([{ id: 'call_1_1', name: 'echo', arguments: { text: 'x' } }]);
    expect(outcome.iterations).toBe(1);

    const asked: string[] = [];
    const make = (script: ScriptStep[]): SmartAgentConfig => ({
      llm: scriptedLlm(script),
      tools: [counted],
      hooks: {
        beforeToolCall: (call) => {
          asked.push(call.id);
          return { allowed: true };
        },
      },
    });
    const resumed = await expectResumesExactly(outcome.checkpoint!, make, ['done']);
    expect(asked).toEqual(['call_1_1', 'call_1_1']);
    expect(executed).toBe(2);
    expect(resumed.status).toBe('completed');
    expect(resumed.toolCalls).toEqual([expect.objectContaining({ id: 'call_1_1', iteration: 1, status: 'success' })]);
    const config = make(['done']);
    await createSmartAgent(config).resume(outcome.checkpoint!, 'Carry on.');
    const sent = (config.llm as ReturnType<typeof scriptedLlm>).requests[0]!.messages;
    expect(sent.at(-1)!.content).toBe('Result of tool echo (call call_1_1):\n{"echoed":"x"}\n\nCarry on.');
  });

  it('pauses after tools, and cancels at any point with a final canceled checkpoint', async () => {
    const paused = await createSmartAgent({
      llm: scriptedLlm([callText('echo')]),
      tools: [echo],
      hooks: { getControlState: controller({ 'after_tools:1': 'pause' }) },
    }).run('g');
    expect(paused.status).toBe('paused');
    expect(paused.checkpoint?.pendingCalls).toBeUndefined();
    expect(paused.toolCalls).toHaveLength(1);
    const resumed = await expectResumesExactly(paused.checkpoint!, (script) => ({ llm: scriptedLlm(script), tools: [echo] }), ['ok']);
    expect(resumed.status).toBe('completed');

    for (const point of ['before_llm:1', 'before_tools:1', 'after_tools:1']) {
      const stages: string[] = [];
      const canceled = await createSmartAgent({
        llm: scriptedLlm([callText('echo')]),
        tools: [echo],
        hooks: { getControlState: controller({ [point]: 'cancel' }), onCheckpoint: (checkpoint) => void stages.push(checkpoint.stage) },
      }).run('g');
      expect(canceled.status).toBe('canceled');
      expect(canceled.checkpoint?.stage).toBe('canceled');
      expect(stages.at(-1)).toBe('canceled');
      const agent = createSmartAgent({ llm: scriptedLlm([]), tools: [echo] });
      await expect(agent.resume(canceled.checkpoint!, 'x')).rejects.toThrow(
        'resume: the checkpoint is at stage "canceled", which is final; start a new run with run(goal) instead.',
      );
    }
  });

  it('refuses to resume a completed checkpoint or a malformed one', async () => {
    const done = await createSmartAgent({ llm: scriptedLlm(['ok']), tools: [] }).run('g');
    const agent = createSmartAgent({ llm: scriptedLlm([]), tools: [] });
    await expect(agent.resume(done.checkpoint!, 'x')).rejects.toMatchObject({
      code: 'invalid_checkpoint',
      message: expect.stringContaining('stage "completed"'),
    });
    await expect(agent.resume({ ...done.checkpoint!, stage: 'nope' as 'paused' }, 'x')).rejects.toMatchObject({
      code: 'invalid_checkpoint',
    });
    await expect(agent.resume({ ...done.checkpoint!, stage: 'paused', messages: 'x' as never }, 'x')).rejects.toThrow(
      'messages must be an array',
    );
  });

  it('ends fatal when the model fails, carrying the last checkpoint, from which resume works', async () => {
    const outcome = await createSmartAgent({
      llm: scriptedLlm([callText('echo', { text: '1' }), new Error('HTTP 503 from upstream')]),
      tools: [echo],
    }).run('g');
    expect(outcome.status).toBe('fatal');
    expect(outcome.error).toBe('LLM provider "scripted" failed: HTTP 503 from upstream');
    expect(outcome.checkpoint?.stage).toBe('tool_result');
    expect(outcome.iterations).toBe(1);
    const resumed = await expectResumesExactly(outcome.checkpoint!, (script) => ({ llm: scriptedLlm(script), tools: [echo] }), [
      'recovered',
    ]);
    expect(resumed.status).toBe('completed');
    expect(resumed.iterations).toBe(2);
  });

  it('takes a task_wait checkpoint while a task runs, with the running call pending, then tool_result', async () => {
    const seen: AgentCheckpoint[] = [];
    const tasks = [{ name: 'build', description: 'b', execute: async () => ({ built: true }) }];
    const outcome = await createSmartAgent({
      llm: scriptedLlm([`[${callText('echo', { text: 'pre' })}, ${callText('build')}]`, 'done']),
      tools: [echo],
      tasks,
      hooks: { onCheckpoint: (checkpoint) => void seen.push(checkpoint) },
    }).run('g');
    expect(outcome.status).toBe('completed');
    expect(seen.map((checkpoint) => checkpoint.stage)).toEqual(['initialized', 'task_wait', 'tool_result', 'completed']);
    const wait = seen[1]!;
    expect(wait.pendingCalls).toEqual([{ id: 'call_1_2', name: 'build', arguments: {} }]);
    expect(wait.toolCalls.map((call) => call.tool)).toEqual(['echo']);
    expect(wait.messages.at(-1)!.content).toBe('Result of tool echo (call call_1_1):\n{"echoed":"pre"}');

    // A process that died while the task ran resumes from task_wait: the task runs again.
    let builds = 0;
    const make = (script: ScriptStep[]): SmartAgentConfig => ({
      llm: scriptedLlm(script),
      tools: [echo],
      tasks: [
        {
          name: 'build',
          description: 'b',
          execute: async () => {
            builds++;
            return { built: true };
          },
        },
      ],
    });
    const resumed = await expectResumesExactly(wait, make, ['done after restart']);
    expect(builds).toBe(2);
    expect(resumed.status).toBe('completed');
    expect(resumed.toolCalls.map((call) => call.tool)).toEqual(['echo']);
    expect(resumed.taskCalls.map((call) => [call.task, call.status])).toEqual([['build', 'success']]);
  });

  it('lets onCheckpoint replace the checkpoint the run carries on with and the one it returns', async () => {
    const llm = scriptedLlm([callText('echo', { text: 'secret-token' }), 'done']);
    const outcome = await createSmartAgent({
      llm,
      tools: [echo],
      hooks: {
        onCheckpoint: (checkpoint) => {
          if (checkpoint.stage === 'tool_result') {
            return {
              ...checkpoint,
              messages: checkpoint.messages.map((message) => ({
                ...message,
                content: message.content.replaceAll('secret-token', '[redacted]'),
              })),
            };
          }
          if (checkpoint.stage === 'completed') return { ...checkpoint, goal: 'stored goal' };
          return undefined;
        },
      },
    }).run('g');
    expect(llm.requests[1]!.messages.map((message) => message.content).join('\n')).not.toContain('secret-token');
    expect(outcome.checkpoint?.goal).toBe('stored goal');
  });
});

describe('hooks', () => {
  it('calls every hook in order with the documented arguments', async () => {
    const trace: string[] = [];
    const hooks: SmartAgentHooks = {
      getControlState: (context) => {
        trace.push(`control ${context.point} ${context.iteration}`);
        return { action: 'continue' };
      },
      beforeToolCall: (call) => {
        trace.push(`beforeToolCall ${call.name} ${call.id} ${JSON.stringify(call.args)} ${call.iteration} ${call.goal}`);
        return { allowed: true };
      },
      afterToolCall: (record) => void trace.push(`afterToolCall ${record.tool} ${record.status}`),
      beforeTaskCall: (call) => {
        trace.push(`beforeTaskCall ${call.name}`);
        return { allowed: true };
      },
      afterTaskCall: (record) => void trace.push(`afterTaskCall ${record.task} ${record.status}`),
      onCheckpoint: (checkpoint) => void trace.push(`onCheckpoint ${checkpoint.stage}`),
      afterIteration: (snapshot) =>
        void trace.push(
          `afterIteration ${snapshot.iteration} final=${snapshot.finalAnswer} tools=${snapshot.toolCalls.length} tasks=${snapshot.taskCalls.length} messages=${snapshot.messageCount}`,
        ),
      onRunComplete: (result) => void trace.push(`onRunComplete ${result.status}`),
    };
    await createSmartAgent({
      llm: scriptedLlm([`[${callText('echo', { text: 't' })}, ${callText('job')}]`, 'done']),
      tools: [echo],
      tasks: [{ name: 'job', description: 'j', execute: async () => 1 }],
      hooks,
    }).run('goal');
    expect(trace).toEqual([
      'onCheckpoint initialized',
      'control before_llm 1',
      'control before_tools 1',
      'beforeToolCall echo call_1_1 {"text":"t"} 1 goal',
      'afterToolCall echo success',
      'beforeTaskCall job',
      'onCheckpoint task_wait',
      'afterTaskCall job success',
      'onCheckpoint tool_result',
      'control after_tools 1',
      'afterIteration 1 final=false tools=1 tasks=1 messages=3',
      'control before_llm 2',
      'afterIteration 2 final=true tools=0 tasks=0 messages=4',
      'onCheckpoint completed',
      'onRunComplete completed',
    ]);
  });

  it('gives afterIteration a full snapshot', async () => {
    const usage = { promptTokens: 4, completionTokens: 2, totalTokens: 6 };
    const snapshots: unknown[] = [];
    await createSmartAgent({
      llm: scriptedLlm([{ content: 'final', model: 'm', usage }]),
      tools: [],
      hooks: { afterIteration: (snapshot) => void snapshots.push(snapshot) },
    }).run('abcd');
    expect(snapshots).toEqual([
      {
        iteration: 1,
        goal: 'abcd',
        toolCalls: [],
        taskCalls: [],
        usage,
        estimatedTokens: 3,
        messageCount: 2,
        compactions: [],
        finalAnswer: true,
        durationMs: expect.any(Number),
      },
    ]);
  });

  it('ends the run fatal, naming the hook, when a hook throws', async () => {
    const boom = (): never => {
      throw new Error('boom');
    };
    const cases: [SmartAgentHooks, string][] = [
      [{ beforeToolCall: boom }, 'hooks.beforeToolCall threw: boom'],
      [{ afterToolCall: boom }, 'hooks.afterToolCall threw: boom'],
      [{ getControlState: boom }, 'hooks.getControlState threw: boom'],
      [{ onCheckpoint: boom }, 'hooks.onCheckpoint threw: boom'],
      [{ afterIteration: boom }, 'hooks.afterIteration threw: boom'],
      [{ onRunComplete: boom }, 'hooks.onRunComplete threw: boom'],
    ];
    for (const [hooks, message] of cases) {
      const outcome = await createSmartAgent({ llm: scriptedLlm([callText('echo'), 'done']), tools: [echo], hooks }).run('g');
      expect(outcome.status).toBe('fatal');
      expect(outcome.error).toBe(message);
    }
  });

  it('calls onRunComplete once per run or resume call with the result', async () => {
    const completed: string[] = [];
    const agent = createSmartAgent({
      llm: scriptedLlm([callText('echo'), 'done']),
      tools: [echo],
      hooks: { getControlState: controller({ 'after_tools:1': 'pause' }), onRunComplete: (result) => void completed.push(result.status) },
    });
    const first = await agent.run('g');
    await agent.resume(first.checkpoint!, 'go');
    expect(completed).toEqual(['paused', 'completed']);
  });
});

describe('stop hooks', () => {
  it('send the first failing feedback back as a user message and continue; later hooks are not asked', async () => {
    const asked: string[] = [];
    const llm = scriptedLlm(['The answer is 4.', 'The answer is 4. Source: arithmetic']);
    const outcome = await createSmartAgent({
      llm,
      tools: [],
      stopHooks: [
        {
          name: 'cites-sources',
          evaluate: async ({ response, goal, messages }) => {
            asked.push(`cites ${goal} ${messages.length}`);
            return response.includes('Source:') ? { pass: true } : { pass: false, feedback: 'Cite a source as "Source: <where>".' };
          },
        },
        {
          name: 'second',
          evaluate: async () => {
            asked.push('second');
            return { pass: true };
          },
        },
      ],
    }).run('2+2?');
    expect(outcome.status).toBe('completed');
    expect(outcome.result).toBe('The answer is 4. Source: arithmetic');
    expect(asked).toEqual(['cites 2+2? 2', 'cites 2+2? 4', 'second']);
    // No tools and no prompt: the system prompt is empty, so the conversation starts with the goal.
    expect(llm.requests[1]!.messages.map((message) => message.content)).toEqual([
      '2+2?',
      'The answer is 4.',
      'Cite a source as "Source: <where>".',
    ]);
  });

  it('name the hook when it fails without feedback, and end max_iterations when the model never passes', async () => {
    const llm = scriptedLlm(['a', 'b']);
    const outcome = await createSmartAgent({
      llm,
      tools: [],
      maxIterations: 2,
      stopHooks: [{ name: 'never', evaluate: async () => ({ pass: false }) }],
    }).run('g');
    expect(outcome.status).toBe('max_iterations');
    expect(outcome.result).toBe('b');
    expect(llm.requests[1]!.messages.at(-1)!.content).toBe('Your answer did not pass the check "never". Revise it.');
  });

  it('end the run fatal when a stop hook throws', async () => {
    const outcome = await createSmartAgent({
      llm: scriptedLlm(['a']),
      tools: [],
      stopHooks: [
        {
          name: 'judge',
          evaluate: async () => {
            throw new Error('grader down');
          },
        },
      ],
    }).run('g');
    expect(outcome).toMatchObject({ status: 'fatal', error: 'stop hook "judge" threw: grader down' });
  });
});

describe('hook answers', () => {
  it('end the run fatal when a hook answers something that is not a verdict', async () => {
    const cases: [Partial<SmartAgentConfig>, string][] = [
      [
        { hooks: { getControlState: () => ({ action: 'stop' as ControlAction }) } },
        "hooks.getControlState returned {\"action\":\"stop\"}; return { action: 'continue' | 'pause' | 'cancel' }",
      ],
      [
        { hooks: { beforeToolCall: () => undefined as never } },
        'hooks.beforeToolCall returned undefined; return { allowed: boolean, reason?: string }',
      ],
      [
        { stopHooks: [{ name: 'lazy', evaluate: async () => ({}) as never }] },
        'stop hook "lazy" returned {}; return { pass: boolean, feedback?: string }',
      ],
    ];
    for (const [config, message] of cases) {
      const outcome = await createSmartAgent({ llm: scriptedLlm([callText('echo'), 'done']), tools: [echo], ...config }).run('g');
      expect(outcome).toMatchObject({ status: 'fatal', error: message });
    }
  });
});

describe('onCheckpoint answers', () => {
  /** A run reaching `stage`, with a hook that answers a broken checkpoint there only. */
  function reaching(stage: string): SmartAgentConfig {
    const broken: SmartAgentHooks['onCheckpoint'] = (checkpoint) =>
      checkpoint.stage === stage ? ({ ...checkpoint, messages: 'x' } as never) : undefined;
    const base = { llm: scriptedLlm([callText('echo'), 'done']), tools: [echo] };
    switch (stage) {
      case 'task_wait':
        return {
          ...base,
          llm: scriptedLlm([callText('job'), 'done']),
          tasks: [{ name: 'job', description: 'j', execute: async () => 1 }],
          hooks: { onCheckpoint: broken },
        };
      case 'max_iterations':
        return { ...base, maxIterations: 1, hooks: { onCheckpoint: broken } };
      case 'paused':
      case 'canceled':
        return {
          ...base,
          hooks: { onCheckpoint: broken, getControlState: controller({ 'before_llm:2': stage === 'paused' ? 'pause' : 'cancel' }) },
        };
      case 'approval_required':
        return { ...base, hooks: { onCheckpoint: broken, beforeToolCall: () => ({ allowed: false, reason: 'needs a human' }) } };
      default:
        return { ...base, hooks: { onCheckpoint: broken } };
    }
  }

  it('end the run fatal at every stage when invalid, naming hooks.onCheckpoint, the stage and the problem', async () => {
    const lastValid: Record<string, string | undefined> = {
      initialized: undefined,
      tool_result: 'initialized',
      task_wait: 'initialized',
      completed: 'tool_result',
      max_iterations: 'tool_result',
      paused: 'tool_result',
      canceled: 'tool_result',
      approval_required: 'initialized',
    };
    for (const [stage, previous] of Object.entries(lastValid)) {
      const outcome = await createSmartAgent(reaching(stage)).run('g');
      expect({ stage, status: outcome.status, error: outcome.error }).toEqual({
        stage,
        status: 'fatal',
        error: `hooks.onCheckpoint returned an invalid checkpoint at stage "${stage}": messages must be an array of { role, content }; return the checkpoint it received (changed or not) or nothing.`,
      });
      // The fatal result carries the last checkpoint that was valid, never the broken one.
      expect({ stage, carried: outcome.checkpoint?.stage }).toEqual({ stage, carried: previous });
    }
  });

  it('end the run fatal when the stage is changed, so a final result never carries a resumable checkpoint', async () => {
    const outcome = await createSmartAgent({
      llm: scriptedLlm(['done']),
      tools: [echo],
      hooks: { onCheckpoint: (checkpoint) => (checkpoint.stage === 'completed' ? { ...checkpoint, stage: 'paused' } : undefined) },
    }).run('g');
    expect(outcome.status).toBe('fatal');
    expect(outcome.error).toBe(
      'hooks.onCheckpoint returned an invalid checkpoint at stage "completed": its stage must stay "completed", got "paused"; return the checkpoint it received (changed or not) or nothing.',
    );
    expect(outcome.checkpoint?.stage).toBe('initialized');
  });

  it('use a valid checkpoint returned at task_wait as the one a fatal result carries', async () => {
    const outcome = await createSmartAgent({
      llm: scriptedLlm([callText('job')]),
      tools: [],
      tasks: [
        {
          name: 'job',
          description: 'j',
          failureMode: 'hard',
          execute: async () => {
            throw new Error('disk full');
          },
        },
      ],
      hooks: { onCheckpoint: (checkpoint) => (checkpoint.stage === 'task_wait' ? { ...checkpoint, goal: 'stored' } : undefined) },
    }).run('g');
    expect(outcome).toMatchObject({
      status: 'fatal',
      error: 'Task job failed: disk full (failureMode: hard)',
      checkpoint: { stage: 'task_wait', goal: 'stored' },
    });
  });
});

describe('a throwing onRunComplete', () => {
  const boom = (): never => {
    throw new Error('store down');
  };

  it('turns a completed run fatal carrying the last resumable checkpoint, from which resume works', async () => {
    const outcome = await createSmartAgent({
      llm: scriptedLlm([callText('echo', { text: 'a' }), 'done']),
      tools: [echo],
      hooks: { onRunComplete: boom },
    }).run('g');
    expect(outcome).toMatchObject({ status: 'fatal', error: 'hooks.onRunComplete threw: store down', result: 'done', iterations: 2 });
    expect(outcome.checkpoint?.stage).toBe('tool_result');
    const resumed = await createSmartAgent({ llm: scriptedLlm(['done again']), tools: [echo] }).resume(outcome.checkpoint!, 'Continue.');
    expect(resumed).toMatchObject({ status: 'completed', result: 'done again', iterations: 2 });
  });

  it('keeps the ending checkpoint when it can be resumed, else the last resumable one', async () => {
    const paused = await createSmartAgent({
      llm: scriptedLlm([callText('echo')]),
      tools: [echo],
      hooks: { onRunComplete: boom, getControlState: controller({ 'after_tools:1': 'pause' }) },
    }).run('g');
    expect(paused).toMatchObject({ status: 'fatal', checkpoint: { stage: 'paused' } });

    const canceled = await createSmartAgent({
      llm: scriptedLlm([]),
      tools: [echo],
      hooks: { onRunComplete: boom, getControlState: controller({ 'before_llm:1': 'cancel' }) },
    }).run('g');
    expect(canceled).toMatchObject({ status: 'fatal', checkpoint: { stage: 'initialized' } });

    const first = await createSmartAgent({
      llm: scriptedLlm([]),
      tools: [echo],
      hooks: { getControlState: controller({ 'before_llm:1': 'pause' }) },
    }).run('g');
    const resumedThenCompleted = await createSmartAgent({ llm: scriptedLlm(['ok']), tools: [echo], hooks: { onRunComplete: boom } }).resume(
      first.checkpoint!,
      '',
    );
    // A resume call that never took a checkpoint of its own carries the one it was given.
    expect(resumedThenCompleted).toMatchObject({ status: 'fatal', checkpoint: { stage: 'paused' } });
  });
});

describe('pending calls run on resume', () => {
  it('appear in the first IterationSnapshot of the resume call, keeping their original iteration', async () => {
    const first = await createSmartAgent({
      llm: scriptedLlm([`[${callText('echo', { text: 'a' })}, ${callText('echo', { text: 'b' })}]`]),
      tools: [echo],
      hooks: { getControlState: controller({ 'before_tools:1': 'pause' }) },
    }).run('g');
    expect(first.checkpoint?.pendingCalls).toHaveLength(2);
    const snapshots: IterationSnapshot[] = [];
    const resumed = await createSmartAgent({
      llm: scriptedLlm([callText('echo', { text: 'c' }), 'done']),
      tools: [echo],
      hooks: { afterIteration: (snapshot) => void snapshots.push(snapshot) },
    }).resume(first.checkpoint!, '');
    expect(resumed.status).toBe('completed');
    expect(snapshots.map((snapshot) => [snapshot.iteration, snapshot.toolCalls.map((call) => `${call.id}@${call.iteration}`)])).toEqual([
      [2, ['call_1_1@1', 'call_1_2@1', 'call_2_1@2']],
      [3, []],
    ]);
  });

  it('report only the calls that ran on resume from a task_wait checkpoint', async () => {
    let wait: AgentCheckpoint | undefined;
    await createSmartAgent({
      llm: scriptedLlm([`[${callText('echo', { text: 'pre' })}, ${callText('job')}]`, 'done']),
      tools: [echo],
      tasks: [{ name: 'job', description: 'j', execute: async () => 1 }],
      hooks: { onCheckpoint: (checkpoint) => void (checkpoint.stage === 'task_wait' ? (wait = checkpoint) : undefined) },
    }).run('g');
    const snapshots: IterationSnapshot[] = [];
    await createSmartAgent({
      llm: scriptedLlm(['done']),
      tools: [echo],
      tasks: [{ name: 'job', description: 'j', execute: async () => 1 }],
      hooks: { afterIteration: (snapshot) => void snapshots.push(snapshot) },
    }).resume(wait!, '');
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]!.toolCalls).toEqual([]);
    expect(snapshots[0]!.taskCalls.map((call) => `${call.id}@${call.iteration}`)).toEqual(['call_1_2@1']);
  });
});
