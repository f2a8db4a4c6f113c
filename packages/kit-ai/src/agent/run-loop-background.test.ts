import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { isKitAIError } from '../errors/kit-ai-error.js';
import type { LLMMessage } from '../llm/types.js';
import type { AgentTask, AgentTaskCallRecord, AgentTool } from '../tools/types.js';
import { createSmartAgent } from './create-smart-agent.js';
import { callText, scriptedLlm, type ScriptStep } from './testing/scripted-llm.js';
import type { AgentCheckpoint, IterationSnapshot, SmartAgentConfig } from './types.js';

const echo: AgentTool = {
  name: 'echo',
  description: 'Echoes its text',
  parameters: { type: 'object', properties: { text: { type: 'string' } } },
  execute: async ({ text }) => ({ echoed: text ?? null }),
};

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** One execution of a manual task: its call id and signal, and how to let it finish. */
interface Execution {
  callId: string;
  signal: AbortSignal;
  finish(value?: unknown): void;
  /** Resolves once `execute` has returned (after `finish`). */
  ended: Promise<void>;
  hasEnded: boolean;
}

/** A task whose executions finish when the test says so (or never); each execution is recorded in order. */
function manualTask(name: string): { task: AgentTask; runs: Execution[]; started: Promise<void> } {
  const runs: Execution[] = [];
  const first = deferred();
  const task: AgentTask = {
    name,
    description: `The ${name} task`,
    execute: async (_args, context) => {
      const release = deferred<unknown>();
      const ended = deferred();
      const execution: Execution = {
        callId: context.callId,
        signal: context.signal,
        finish: (value) => release.resolve(value),
        ended: ended.promise,
        hasEnded: false,
      };
      runs.push(execution);
      first.resolve();
      try {
        return await release.promise;
      } finally {
        execution.hasEnded = true;
        ended.resolve();
      }
    },
  };
  return { task, runs, started: first.promise };
}

/** The system prompt and the last message (user turns merged) of a request. */
function seen(messages: LLMMessage[]): { system: string; last: string } {
  return { system: messages[0]!.content, last: messages.at(-1)!.content };
}

function idsAndStatus(records: AgentTaskCallRecord[]): string[] {
  return records.map((record) => `${record.id}:${record.task}:${record.status}`);
}

describe('background tasks', () => {
  it('lets the next model call start while a 300 ms task runs, and reports the task before a later call', async () => {
    const events: { what: string; at: number }[] = [];
    const mark = (what: string): void => void events.push({ what, at: performance.now() });
    const build: AgentTask = {
      name: 'build',
      description: 'Builds for 300 ms',
      execute: async () => {
        mark('task start');
        await sleep(300);
        mark('task end');
        return { built: true };
      },
    };
    const outcome = await createSmartAgent({
      llm: scriptedLlm([
        callText('build'),
        () => {
          mark('model 2');
          return 'Waiting for the build.';
        },
        () => {
          mark('model 3');
          return 'Built.';
        },
      ]),
      tools: [],
      tasks: [build],
      backgroundTasks: true,
    }).run('Build it');
    expect(outcome.status).toBe('completed');
    expect(events.map((event) => event.what)).toEqual(['task start', 'model 2', 'task end', 'model 3']);
    // The second model call did not wait for the task: it came before the task's end, and the third after it.
    const at = Object.fromEntries(events.map((event) => [event.what, event.at]));
    expect(at['model 2']!).toBeLessThan(at['task end']!);
    expect(outcome.taskCalls).toHaveLength(1);
    expect(outcome.taskCalls[0]!.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('shows the running task in the system prompt, then its result in a later message, recorded once', async () => {
    const build = manualTask('build');
    const order: string[] = [];
    const afterTaskCall: AgentTaskCallRecord[] = [];
    const snapshots: IterationSnapshot[] = [];
    const checkpoints: AgentCheckpoint[] = [];
    const requests: { system: string; last: string }[] = [];
    const llm = scriptedLlm([
      (messages) => {
        requests.push(seen(messages));
        return callText('build', { target: 'web' });
      },
      (messages) => {
        requests.push(seen(messages));
        order.push(`model 2, task ended: ${build.runs[0]!.hasEnded}`);
        return callText('echo', { text: 'meanwhile' });
      },
      (messages) => {
        requests.push(seen(messages));
        order.push('model 3, releasing the task');
        build.runs[0]!.finish({ built: 'web' });
        return 'It should be done by now.';
      },
      (messages) => {
        requests.push(seen(messages));
        return 'The web build is done.';
      },
    ]);
    const outcome = await createSmartAgent({
      llm,
      tools: [echo],
      tasks: [build.task],
      backgroundTasks: { onFinalAnswer: 'wait' },
      hooks: {
        afterTaskCall: (record) => {
          order.push(`afterTaskCall ${record.id}`);
          afterTaskCall.push(record);
        },
        afterIteration: (snapshot) => void snapshots.push(snapshot),
        onCheckpoint: (checkpoint) => void checkpoints.push(checkpoint),
      },
    }).run('Build the web target');

    expect(outcome.status).toBe('completed');
    expect(outcome.result).toBe('The web build is done.');
    // The model was asked again while the task ran: its second and third requests came before the task's end.
    expect(order).toEqual(['model 2, task ended: false', 'model 3, releasing the task', 'afterTaskCall call_1_1']);
    // Iteration 1 says the task started; iterations 2 and 3 list it as running.
    expect(requests[1]!.last).toBe('Started in the background: task build (call call_1_1); its result will come in a later message.');
    for (const request of [requests[1]!, requests[2]!]) {
      expect(request.system).toMatch(/## Tasks running in the background\n- build \(call call_1_1\), running for \d+ ms\n/);
      expect(request.system).toContain('the run waits for the next one and asks you again');
    }
    expect(requests[0]!.system).not.toContain('Tasks running in the background');
    expect(requests[3]!.system).not.toContain('Tasks running in the background');
    // The answer of iteration 3 was not final: the loop waited for the task and asked again with its result.
    expect(requests[3]!.last).toBe('Result of task build (call call_1_1):\n{"built":"web"}');
    expect(outcome.iterations).toBe(4);

    expect(afterTaskCall).toHaveLength(1);
    expect(outcome.taskCalls).toEqual([
      {
        id: 'call_1_1',
        task: 'build',
        kind: 'custom',
        args: { target: 'web' },
        status: 'success',
        result: { built: 'web' },
        iteration: 1,
        startedAt: expect.any(String),
        durationMs: expect.any(Number),
      },
    ]);
    expect(afterTaskCall[0]).toEqual(outcome.taskCalls[0]);
    expect(outcome.toolCalls.map((record) => `${record.id}:${record.tool}`)).toEqual(['call_2_1:echo']);
    expect(snapshots.map((snapshot) => [snapshot.iteration, snapshot.taskCalls.map((record) => record.id), snapshot.finalAnswer])).toEqual([
      [1, [], false],
      [2, [], false],
      [3, [], false],
      [4, ['call_1_1'], true],
    ]);

    // Checkpoints keep running tasks: both tool_result checkpoints list the build as pending.
    const toolResults = checkpoints.filter((checkpoint) => checkpoint.stage === 'tool_result');
    expect(toolResults.map((checkpoint) => checkpoint.pendingCalls)).toEqual([
      [{ id: 'call_1_1', name: 'build', arguments: { target: 'web' } }],
      [{ id: 'call_1_1', name: 'build', arguments: { target: 'web' } }],
    ]);
    expect(checkpoints.find((checkpoint) => checkpoint.stage === 'task_wait')?.pendingCalls).toEqual([
      { id: 'call_1_1', name: 'build', arguments: { target: 'web' } },
    ]);
    expect(outcome.checkpoint?.pendingCalls).toBeUndefined();
  });

  it('restarts a running task, with its call id, on resume from a tool_result checkpoint taken while it ran', async () => {
    const build = manualTask('build');
    let echoes = 0;
    const countingEcho: AgentTool = { ...echo, execute: async (args) => (echoes++, echo.execute(args)) };
    let crashPoint: AgentCheckpoint | undefined;
    const first = await createSmartAgent({
      llm: scriptedLlm([callText('build'), callText('echo', { text: 'meanwhile' }), new Error('the process died')]),
      tools: [countingEcho],
      tasks: [build.task],
      backgroundTasks: true,
      hooks: {
        onCheckpoint: (checkpoint) => {
          if (checkpoint.stage === 'tool_result') crashPoint = checkpoint;
        },
      },
    }).run('g');
    expect(first.status).toBe('fatal');
    expect(first.checkpoint).toEqual(crashPoint);
    expect(crashPoint?.pendingCalls).toEqual([{ id: 'call_1_1', name: 'build', arguments: {} }]);
    expect(build.runs[0]!.signal.aborted).toBe(true);

    const again = manualTask('build');
    const llm = scriptedLlm([
      (messages) => {
        again.runs[0]!.finish('built after restart');
        return seen(messages).last.includes('Started in the background: task build (call call_1_1)') ? 'restarted' : 'not restarted';
      },
      'done',
    ]);
    const resumed = await createSmartAgent({ llm, tools: [countingEcho], tasks: [again.task], backgroundTasks: true }).resume(
      JSON.parse(JSON.stringify(crashPoint)) as AgentCheckpoint,
      'Continue.',
    );
    expect(resumed.status).toBe('completed');
    expect(again.runs.map((run) => run.callId)).toEqual(['call_1_1']);
    expect(llm.requests[1]!.messages.at(-1)!.content).toBe('Result of task build (call call_1_1):\n"built after restart"');
    expect(echoes).toBe(1);
    expect(idsAndStatus(resumed.taskCalls)).toEqual(['call_1_1:build:success']);
  });

  it("cancels the running tasks on a final answer with onFinalAnswer: 'cancel', recording them as errors", async () => {
    const build = manualTask('build');
    const after: AgentTaskCallRecord[] = [];
    const llm = scriptedLlm([callText('build'), 'Answer without the build.']);
    const outcome = await createSmartAgent({
      llm,
      tools: [],
      tasks: [build.task],
      backgroundTasks: { onFinalAnswer: 'cancel' },
      hooks: { afterTaskCall: (record) => void after.push(record) },
    }).run('g');
    expect(outcome.status).toBe('completed');
    expect(outcome.result).toBe('Answer without the build.');
    expect(outcome.iterations).toBe(2);
    expect(build.runs).toHaveLength(1);
    expect(build.runs[0]!.signal.aborted).toBe(true);
    expect(llm.requests[1]!.messages[0]!.content).toContain('If you give your final answer before they finish, they are canceled.');
    const error = "Task build was canceled: the run ended before it finished (backgroundTasks.onFinalAnswer: 'cancel')";
    expect(outcome.taskCalls).toMatchObject([{ id: 'call_1_1', task: 'build', status: 'error', error, iteration: 1 }]);
    expect(after).toEqual(outcome.taskCalls);
    expect(outcome.checkpoint?.pendingCalls).toBeUndefined();
  });

  it('waits for the next task to finish, not for all of them', async () => {
    const slow = manualTask('slow');
    const fast = manualTask('fast');
    const llm = scriptedLlm([
      `[${callText('slow')}, ${callText('fast')}]`,
      () => {
        fast.runs[0]!.finish('fast result');
        return 'Done?';
      },
      (messages) => {
        const { system, last } = seen(messages);
        expect(last).toBe('Result of task fast (call call_1_2):\n"fast result"');
        expect(system).toContain('- slow (call call_1_1), running for');
        expect(system).not.toContain('- fast (call');
        slow.runs[0]!.finish('slow result');
        return 'Now?';
      },
      'All done.',
    ]);
    const outcome = await createSmartAgent({ llm, tools: [], tasks: [slow.task, fast.task], backgroundTasks: true }).run('g');
    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe('completed');
    expect(outcome.iterations).toBe(4);
    expect(idsAndStatus(outcome.taskCalls)).toEqual(['call_1_2:fast:success', 'call_1_1:slow:success']);
    expect(llm.requests[1]!.messages.at(-1)!.content).toBe(
      'Started in the background: task slow (call call_1_1); its result will come in a later message.\n\n' +
        'Started in the background: task fast (call call_1_2); its result will come in a later message.',
    );
  });

  it('pauses with the running task in pendingCalls, and resume runs it again with the same call id; nothing runs twice', async () => {
    const build = manualTask('build');
    let quickRuns = 0;
    const quickDone = deferred();
    const quick: AgentTask = {
      name: 'quick',
      description: 'q',
      execute: async () => {
        quickRuns++;
        quickDone.resolve();
        return 'quick result';
      },
    };
    let echoes = 0;
    const countingEcho: AgentTool = { ...echo, execute: async (args) => (echoes++, echo.execute(args)) };
    const first = await createSmartAgent({
      llm: scriptedLlm([`[${callText('echo', { text: 'x' })}, ${callText('quick')}, ${callText('build')}]`]),
      tools: [countingEcho],
      tasks: [quick, build.task],
      backgroundTasks: true,
      hooks: {
        getControlState: async ({ point }) => {
          if (point !== 'after_tools') return { action: 'continue' };
          // The quick task has finished by now: it is reported (after the batch or at the pause), never pending.
          await quickDone.promise;
          await sleep(0);
          return { action: 'pause' };
        },
      },
    }).run('g');
    expect(first.status).toBe('paused');
    expect(first.checkpoint?.pendingCalls).toEqual([{ id: 'call_1_3', name: 'build', arguments: {} }]);
    expect(idsAndStatus(first.taskCalls)).toEqual(['call_1_2:quick:success']);
    expect(first.checkpoint?.messages.at(-1)?.content).toBe('Result of task quick (call call_1_2):\n"quick result"');
    expect(build.runs[0]!.signal.aborted).toBe(true);

    const llm = scriptedLlm([
      (messages) => {
        expect(seen(messages).system).toContain('- build (call call_1_3), running for');
        build.runs[1]!.finish('built');
        return 'Is it done?';
      },
      'Built.',
    ]);
    const resumed = await createSmartAgent({ llm, tools: [countingEcho], tasks: [quick, build.task], backgroundTasks: true }).resume(
      JSON.parse(JSON.stringify(first.checkpoint)) as AgentCheckpoint,
      'Continue.',
    );
    expect(resumed.status).toBe('completed');
    expect(build.runs.map((run) => run.callId)).toEqual(['call_1_3', 'call_1_3']);
    expect(quickRuns).toBe(1);
    expect(echoes).toBe(1);
    expect(idsAndStatus(resumed.taskCalls)).toEqual(['call_1_2:quick:success', 'call_1_3:build:success']);
    expect(resumed.toolCalls.map((record) => record.id)).toEqual(['call_1_1']);
  });

  it('records running tasks as canceled with the run, and aborts them on max_iterations with their calls pending', async () => {
    const canceledTask = manualTask('build');
    const canceled = await createSmartAgent({
      llm: scriptedLlm([callText('build')]),
      tools: [],
      tasks: [canceledTask.task],
      backgroundTasks: true,
      hooks: { getControlState: ({ point, iteration }) => ({ action: point === 'before_llm' && iteration === 2 ? 'cancel' : 'continue' }) },
    }).run('g');
    expect(canceled.status).toBe('canceled');
    expect(canceled.taskCalls).toMatchObject([{ id: 'call_1_1', status: 'error', error: 'Task build was canceled with the run' }]);
    expect(canceledTask.runs[0]!.signal.aborted).toBe(true);

    const limited = manualTask('build');
    const outcome = await createSmartAgent({
      llm: scriptedLlm([callText('build'), callText('echo')]),
      tools: [echo],
      tasks: [limited.task],
      backgroundTasks: true,
      maxIterations: 2,
    }).run('g');
    expect(outcome.status).toBe('max_iterations');
    expect(outcome.taskCalls).toEqual([]);
    expect(outcome.checkpoint?.pendingCalls).toEqual([{ id: 'call_1_1', name: 'build', arguments: {} }]);
    expect(limited.runs[0]!.signal.aborted).toBe(true);
  });

  it('puts running tasks in the pendingCalls of approval_required and of the tool_call checkpoint', async () => {
    const build = manualTask('build');
    const toolCall: AgentCheckpoint[] = [];
    const outcome = await createSmartAgent({
      llm: scriptedLlm([callText('build'), callText('echo', { text: 'refund' })]),
      tools: [echo],
      tasks: [build.task],
      backgroundTasks: true,
      checkpointBeforeCalls: true,
      hooks: {
        beforeToolCall: () => ({ allowed: false, reason: 'needs a person' }),
        onCheckpoint: (checkpoint) => void (checkpoint.stage === 'tool_call' ? toolCall.push(checkpoint) : undefined),
      },
    }).run('g');
    expect(outcome.status).toBe('approval_required');
    expect(outcome.checkpoint?.pendingCalls).toEqual([{ id: 'call_1_1', name: 'build', arguments: {} }]);
    expect(toolCall.map((checkpoint) => checkpoint.pendingCalls)).toEqual([
      [{ id: 'call_1_1', name: 'build', arguments: {} }],
      [
        { id: 'call_1_1', name: 'build', arguments: {} },
        { id: 'call_2_1', name: 'echo', arguments: { text: 'refund' } },
      ],
    ]);
    expect(build.runs[0]!.signal.aborted).toBe(true);
  });

  it('holds a finished but unreported task in a checkpoint as reported, never as pending', async () => {
    const build = manualTask('build');
    const toolCall: AgentCheckpoint[] = [];
    const llm = scriptedLlm([
      callText('build'),
      async () => {
        build.runs[0]!.finish('built');
        await build.runs[0]!.ended;
        await sleep(0);
        return callText('echo', { text: 'next' });
      },
      'done',
    ]);
    const outcome = await createSmartAgent({
      llm,
      tools: [echo],
      tasks: [build.task],
      backgroundTasks: true,
      checkpointBeforeCalls: true,
      hooks: { onCheckpoint: (checkpoint) => void (checkpoint.stage === 'tool_call' ? toolCall.push(checkpoint) : undefined) },
    }).run('g');
    expect(outcome.status).toBe('completed');
    const second = toolCall[1]!;
    expect(second.pendingCalls).toEqual([{ id: 'call_2_1', name: 'echo', arguments: { text: 'next' } }]);
    expect(idsAndStatus(second.taskCalls)).toEqual(['call_1_1:build:success']);
    expect(second.messages.at(-1)!.content).toBe('Result of task build (call call_1_1):\n"built"');
    // The live run reports it once, after the echo's results and before the next model call.
    expect(idsAndStatus(outcome.taskCalls)).toEqual(['call_1_1:build:success']);
    expect(llm.requests[2]!.messages.at(-1)!.content).toBe(
      'Result of tool echo (call call_2_1):\n{"echoed":"next"}\n\nResult of task build (call call_1_1):\n"built"',
    );
  });

  it('applies task timeouts, and ends the run fatal on a hard failure where the loop sees it', async () => {
    const stuck = (failureMode: 'soft' | 'hard'): AgentTask => ({
      name: 'build',
      description: 'b',
      timeout: 20,
      failureMode,
      execute: (_args, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))),
    });
    const slowModel =
      (step: string): ScriptStep =>
      async () => {
        await sleep(60);
        return step;
      };
    const soft = scriptedLlm([callText('build'), slowModel('Timed out, then.'), 'Done.']);
    const softOutcome = await createSmartAgent({ llm: soft, tools: [], tasks: [stuck('soft')], backgroundTasks: true }).run('g');
    expect(softOutcome.status).toBe('completed');
    expect(softOutcome.taskCalls).toMatchObject([{ id: 'call_1_1', status: 'error', error: 'Task build timed out after 20 ms' }]);
    expect(soft.requests[2]!.messages.at(-1)!.content).toBe('Error from task build (call call_1_1): Task build timed out after 20 ms');

    const hard = await createSmartAgent({
      llm: scriptedLlm([callText('build'), slowModel(callText('echo'))]),
      tools: [echo],
      tasks: [stuck('hard')],
      backgroundTasks: true,
    }).run('g');
    expect(hard.status).toBe('fatal');
    expect(hard.error).toBe('Task build timed out after 20 ms (failureMode: hard)');
    expect(hard.taskCalls).toMatchObject([{ id: 'call_1_1', status: 'error' }]);
    expect(hard.checkpoint?.stage).toBe('tool_result');
  });

  it('starts tasks of a streamed reply in the background as they arrive', async () => {
    const build = manualTask('build');
    const checkpoints: AgentCheckpoint[] = [];
    const llm = scriptedLlm(
      [
        {
          content: '',
          model: 'm',
          toolCalls: [
            { id: 'b1', name: 'build', arguments: {} },
            { id: 'e1', name: 'echo', arguments: { text: 'x' } },
          ],
        },
        () => {
          build.runs[0]!.finish('built');
          return 'Done?';
        },
        'Done.',
      ],
      { stream: true, chunkDelayMs: 5 },
    );
    const outcome = await createSmartAgent({
      llm,
      tools: [echo],
      tasks: [build.task],
      backgroundTasks: true,
      streaming: { maxConcurrency: 2 },
      hooks: { onCheckpoint: (checkpoint) => void checkpoints.push(checkpoint) },
    }).run('g');
    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe('completed');
    const wait = checkpoints.find((checkpoint) => checkpoint.stage === 'task_wait')!;
    // The task started while the reply streamed: the checkpoint writes the calls received so far in its place.
    expect(wait.pendingCalls).toEqual([{ id: 'b1', name: 'build', arguments: {} }]);
    expect(wait.messages.at(-1)).toEqual({ role: 'assistant', content: expect.stringContaining('"id":"b1"') });
    expect(llm.requests[1]!.messages.at(-1)!.content).toBe(
      'Result of tool echo (call e1):\n{"echoed":"x"}\n\n' +
        'Started in the background: task build (call b1); its result will come in a later message.',
    );
    expect(llm.requests[2]!.messages.at(-1)!.content).toBe('Result of task build (call b1):\n"built"');
    expect(idsAndStatus(outcome.taskCalls)).toEqual(['b1:build:success']);
  });

  it('is off by default: a task call holds its batch until it ends, as before', async () => {
    const events: string[] = [];
    const build: AgentTask = {
      name: 'build',
      description: 'b',
      execute: async () => {
        events.push('task start');
        await sleep(50);
        events.push('task end');
        return { built: true };
      },
    };
    const llm = scriptedLlm([
      callText('build'),
      (messages) => {
        events.push('model 2');
        return seen(messages).last;
      },
    ]);
    const outcome = await createSmartAgent({ llm, tools: [], tasks: [build] }).run('g');
    expect(events).toEqual(['task start', 'task end', 'model 2']);
    expect(outcome.result).toBe('Result of task build (call call_1_1):\n{"built":true}');
    expect(llm.requests[1]!.messages[0]!.content).not.toContain('Tasks running in the background');
  });

  it('rejects a backgroundTasks that is not true, false or { onFinalAnswer }', () => {
    const base: SmartAgentConfig = { llm: scriptedLlm([]), tools: [] };
    const problem = (backgroundTasks: unknown): string => {
      try {
        createSmartAgent({ ...base, backgroundTasks } as SmartAgentConfig);
        return 'accepted';
      } catch (error) {
        return isKitAIError(error, 'invalid_config') ? error.message : String(error);
      }
    };
    expect(problem(true)).toBe('accepted');
    expect(problem({})).toBe('accepted');
    expect(problem({ onFinalAnswer: 'cancel' })).toBe('accepted');
    expect(problem('yes')).toBe(
      `createSmartAgent: backgroundTasks must be true, false or { onFinalAnswer?: 'wait' | 'cancel' }, got "yes"`,
    );
    expect(problem({ onFinalAnswer: 'drop' })).toBe(
      'createSmartAgent: backgroundTasks.onFinalAnswer must be "wait" or "cancel", got "drop"',
    );
    expect(problem({ whenRunEnds: 'cancel' })).toMatch(
      /^createSmartAgent: backgroundTasks must be .*; "whenRunEnds" is not an option of backgroundTasks$/,
    );
  });
});
