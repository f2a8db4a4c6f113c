import { describe, expect, it } from 'vitest';
import { callText, scriptedLlm } from '../agent/testing/scripted-llm.js';
import type { AgentTool, AgentToolExecutionContext, ToolArgs } from '../tools/types.js';
import { KitAIError } from '../errors/kit-ai-error.js';
import { CallHeldError } from '../errors/call-held-error.js';
import { createHarness } from './create-harness.js';
import { createHarnessWorker } from './create-harness-worker.js';
import { MemoryRunStore } from './stores/memory-run-store.js';
import type { RunEvent, RunStore } from './types.js';

/** A tool that records its calls and answers with `answer`. */
function recordingTool(name: string, answer: (args: ToolArgs) => unknown | Promise<unknown> = () => 'ok') {
  const calls: { args: ToolArgs; context: AgentToolExecutionContext | undefined }[] = [];
  const tool: AgentTool = {
    name,
    description: `The ${name} tool`,
    parameters: { type: 'object', properties: { id: { type: 'string' } } },
    execute: async (args, context) => {
      calls.push({ args, context });
      return answer(args);
    },
  };
  return { tool, calls };
}

async function collect(iterable: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createHarness', () => {
  it('records a run as numbered events and executes it here', async () => {
    const store = new MemoryRunStore();
    const lookup = recordingTool('lookup', ({ id }) => ({ id, status: 'shipped' }));
    const harness = createHarness({
      store,
      agent: { llm: scriptedLlm([callText('lookup', { id: 'A-17' }), 'Order A-17 shipped.']), tools: [lookup.tool] },
    });
    const run = await harness.start({ goal: 'Where is order A-17?', metadata: { user: 'ada' } });
    const result = await run.wait({ timeoutMs: 5000 });
    expect(result.status).toBe('completed');
    expect(result.result).toBe('Order A-17 shipped.');
    const events = await collect(run.events());
    expect(events.map((event) => event.sequence)).toEqual(events.map((_, index) => index + 1));
    expect(events.map((event) => event.type)).toEqual([
      'status',
      'claimed',
      'status',
      'model_call',
      'checkpoint',
      'call_started',
      'call_finished',
      'checkpoint',
      'model_call',
      'status',
    ]);
    const stages = events.flatMap((event) => (event.type === 'checkpoint' ? [event.data.stage] : []));
    expect(stages).toEqual(['tool_call', 'tool_result']);
    const finished = events.find((event) => event.type === 'call_finished');
    expect(finished?.data).toMatchObject({ name: 'lookup', status: 'success', result: { id: 'A-17', status: 'shipped' } });
    // The tool is told the run and a call id that stays the same if the call runs again.
    expect(lookup.calls[0]?.context).toMatchObject({ runId: run.id, callId: 'call_1_1' });
    const record = await run.get();
    expect(record).toMatchObject({ status: 'completed', metadata: { user: 'ada' }, attempts: 1, lastSequence: events.length });
    expect(record.lease).toBeUndefined();
    await harness.close();
  });

  it('follows events live from a sequence number', async () => {
    const store = new MemoryRunStore();
    const gate = deferred();
    const slow = recordingTool('slow', () => gate.promise.then(() => 'done'));
    const harness = createHarness({ store, agent: { llm: scriptedLlm([callText('slow'), 'Finished.']), tools: [slow.tool] } });
    const run = await harness.start({ goal: 'Do the slow thing' });
    const seen: RunEvent[] = [];
    const following = (async () => {
      for await (const event of run.events({ after: 2 })) {
        seen.push(event);
        if (event.type === 'call_started') gate.resolve();
      }
    })();
    await following;
    expect(seen[0]?.sequence).toBe(3);
    expect(seen.at(-1)).toMatchObject({ type: 'status', data: { to: 'completed' } });
    await harness.close();
  });

  it('holds a call for approval; approved, the held call runs first with its own id', async () => {
    const store = new MemoryRunStore();
    const close = recordingTool('close_ticket', () => ({ closed: true }));
    const llm = scriptedLlm([callText('close_ticket', { id: 'T-1' }), 'Ticket T-1 is closed.']);
    const harness = createHarness({ store, agent: { llm, tools: [close.tool] }, requireApproval: ['close_ticket'] });
    const run = await harness.start({ goal: 'Close ticket T-1' });
    const held = await run.wait({ timeoutMs: 5000 });
    expect(held.status).toBe('approval_required');
    const record = await run.get();
    expect(record.pendingApproval).toMatchObject({ approvalId: 'call_1_1', tool: 'close_ticket', args: { id: 'T-1' } });
    expect(close.calls).toHaveLength(0);
    await expect(run.decide('call_9_9', { approved: true })).rejects.toMatchObject({ code: 'invalid_run_state' });
    await run.decide('call_1_1', { approved: true, note: 'fine' });
    const done = await run.wait({ timeoutMs: 5000 });
    expect(done.status).toBe('completed');
    expect(close.calls.map((call) => call.context?.callId)).toEqual(['call_1_1']);
    const events = await collect(run.events());
    expect(
      events.filter((event) => event.type === 'approval_requested' || event.type === 'approval_decided').map((event) => event.type),
    ).toEqual(['approval_requested', 'approval_decided']);
    await harness.close();
  });

  it('holds a run whose tool threw a CallHeldError under that approval id, and runs the call again once decided', async () => {
    const store = new MemoryRunStore();
    const approvedElsewhere = new Set<string>();
    const close = recordingTool('close_ticket', ({ id }) => {
      if (!approvedElsewhere.has(String(id)))
        throw new CallHeldError('Closing waits for a reviewer.', { approvalId: 'appr-7', heldBy: 'policy:reviewers' });
      return { closed: id };
    });
    const lookup = recordingTool('lookup', () => 'looked');
    // The close and a lookup in one reply: the lookup after the held close waits with it.
    const llm = scriptedLlm([
      JSON.stringify([JSON.parse(callText('close_ticket', { id: 'T-3' })), JSON.parse(callText('lookup', { id: 'T-3' }))]),
      'T-3 is closed.',
    ]);
    const harness = createHarness({ store, agent: { llm, tools: [close.tool, lookup.tool] } });
    const run = await harness.start({ goal: 'Close ticket T-3' });
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('approval_required');
    expect((await run.get()).pendingApproval).toMatchObject({
      approvalId: 'appr-7',
      callId: 'call_1_1',
      heldBy: 'policy:reviewers',
      tool: 'close_ticket',
      reason: 'Closing waits for a reviewer.',
    });
    expect(lookup.calls).toHaveLength(0);
    const events = await collect(run.events({ untilHeld: true }));
    expect(events.find((event) => event.type === 'approval_requested')?.data).toMatchObject({ approvalId: 'appr-7', callId: 'call_1_1' });
    // The call id is not what decides it: the approval held elsewhere is.
    await expect(run.decide('call_1_1', { approved: true })).rejects.toMatchObject({ code: 'invalid_run_state' });
    approvedElsewhere.add('T-3');
    await run.decide('appr-7', { approved: true });
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('completed');
    expect(close.calls.map((call) => call.context?.callId)).toEqual(['call_1_1', 'call_1_1']);
    expect(llm.requests.at(-1)?.messages.at(-1)?.content).toContain('{"closed":"T-3"}');
    await harness.close();
  });

  it('holds again when a call approved in the harness is still held where it waits', async () => {
    const store = new MemoryRunStore();
    const close = recordingTool('close_ticket', () => {
      throw new CallHeldError('Still waiting for a reviewer.', { approvalId: 'appr-8' });
    });
    const harness = createHarness({
      store,
      agent: { llm: scriptedLlm([callText('close_ticket', { id: 'T-4' }), 'Done.']), tools: [close.tool] },
    });
    const run = await harness.start({ goal: 'Close ticket T-4' });
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('approval_required');
    await run.decide('appr-8', { approved: true });
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('approval_required');
    expect((await run.get()).pendingApproval?.approvalId).toBe('appr-8');
    await harness.close();
  });

  it('tells the model about a denied call, which never runs', async () => {
    const store = new MemoryRunStore();
    const close = recordingTool('close_ticket');
    const llm = scriptedLlm([callText('close_ticket', { id: 'T-2' }), 'I left T-2 open.']);
    const harness = createHarness({ store, agent: { llm, tools: [close.tool] }, requireApproval: () => 'closing needs a person' });
    const run = await harness.start({ goal: 'Close ticket T-2' });
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('approval_required');
    await run.decide('call_1_1', { approved: false, note: 'the customer replied' });
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('completed');
    expect(close.calls).toHaveLength(0);
    const lastPrompt = llm.requests.at(-1)?.messages.at(-1)?.content ?? '';
    expect(lastPrompt).toContain('denied');
    expect(lastPrompt).toContain('the customer replied');
    await harness.close();
  });

  it('pauses a running run at its next control point and resumes it with a message', async () => {
    const store = new MemoryRunStore();
    const gate = deferred();
    const step = recordingTool('step', () => gate.promise.then(() => 'stepped'));
    const llm = scriptedLlm([callText('step'), 'All done.']);
    const harness = createHarness({ store, agent: { llm, tools: [step.tool] } });
    const run = await harness.start({ goal: 'Take a step' });
    for await (const event of run.events()) if (event.type === 'call_started') break;
    await run.pause();
    gate.resolve();
    const paused = await run.wait({ timeoutMs: 5000 });
    expect(paused.status).toBe('paused');
    await expect(run.decide('x', { approved: true })).rejects.toMatchObject({ code: 'invalid_run_state' });
    await run.resume('Also say goodbye.');
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('completed');
    // The message joins the conversation after the results of the call the run paused behind.
    expect(llm.requests.at(-1)?.messages.at(-1)?.content).toMatch(/"stepped"\s+Also say goodbye\.$/);
    await harness.close();
  });

  it('leaves runs to workers; a queued run can be canceled before any executes it', async () => {
    const store = new MemoryRunStore();
    const harness = createHarness({
      store,
      executeRuns: 'workers',
      agent: { llm: scriptedLlm([], { fallbackReply: 'Done.' }), tools: [] },
    });
    const first = await harness.start({ goal: 'One', runId: 'run-1' });
    const second = await harness.start({ goal: 'Two', runId: 'run-2' });
    await expect(harness.start({ goal: 'Again', runId: 'run-1' })).rejects.toMatchObject({ code: 'run_exists' });
    await second.cancel();
    expect(await first.status()).toBe('queued');
    const worker = createHarnessWorker({ harness, concurrency: 2, pollIntervalMs: 20 });
    expect((await first.wait({ timeoutMs: 5000 })).status).toBe('completed');
    expect((await second.wait({ timeoutMs: 5000 })).status).toBe('canceled');
    await worker.close();
    const page = await harness.list({ status: 'completed' });
    expect(page.runs.map((run) => run.id)).toEqual(['run-1']);
    await expect(harness.get('nope')).rejects.toMatchObject({ code: 'run_not_found' });
    await harness.close();
  });

  it('takes over a run whose executor died mid-call and runs that call again with the same id', async () => {
    const store = new MemoryRunStore();
    const charge = recordingTool('charge', () => ({ charged: true }));
    // An executor that died: it claimed the run, saved the tool_call checkpoint and began the call.
    const dead = createHarness({ store, executeRuns: 'workers', executorId: 'dead', agent: { llm: scriptedLlm([]), tools: [] } });
    const run = await dead.start({ goal: 'Charge the card', runId: 'crashed' });
    await store.claimRun({ owner: 'dead', leaseMs: 30, runId: 'crashed' });
    const checkpoint = {
      stage: 'tool_call' as const,
      goal: 'Charge the card',
      messages: [
        { role: 'user' as const, content: 'Charge the card' },
        { role: 'assistant' as const, content: callText('charge') },
      ],
      iterations: 1,
      toolCalls: [],
      taskCalls: [],
      maxOutputTokens: 0,
      compaction: { autocompactFailures: 0, reactiveCompactRetries: 0, tokenEscalations: 0 },
      pendingCalls: [{ id: 'call_1_1', name: 'charge', arguments: {} }],
    };
    await store.updateRun('crashed', {
      checkpoint,
      next: null,
      events: [
        { type: 'checkpoint', at: new Date().toISOString(), data: { stage: 'tool_call', iterations: 1 } },
        {
          type: 'call_started',
          at: new Date().toISOString(),
          data: { callId: 'call_1_1', kind: 'tool', name: 'charge', args: {}, iteration: 1, rerun: false },
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const llm = scriptedLlm(['Charged.']);
    const harness = createHarness({ store, executeRuns: 'workers', agent: { llm, tools: [charge.tool] } });
    const worker = createHarnessWorker({ harness, pollIntervalMs: 20 });
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('completed');
    await worker.close();
    expect(charge.calls.map((call) => call.context?.callId)).toEqual(['call_1_1']);
    // The model was not asked again for the calls: its only request came after the result.
    expect(llm.requests).toHaveLength(1);
    const events = await collect(run.events());
    expect(events.find((event) => event.type === 'claimed' && event.data.reclaimed)).toBeDefined();
    expect(events.filter((event) => event.type === 'call_started').map((event) => event.data)).toMatchObject([
      { rerun: false },
      { rerun: true },
    ]);
    expect((await run.get()).attempts).toBe(2);
    await harness.close();
  });

  it('hands its runs back when it closes, and a worker finishes them', async () => {
    const store = new MemoryRunStore();
    const gate = deferred();
    const first = recordingTool('work', () => gate.promise.then(() => 'worked'));
    const leaving = createHarness({ store, agent: { llm: scriptedLlm([callText('work')]), tools: [first.tool] } });
    const run = await leaving.start({ goal: 'Work' });
    for await (const event of run.events()) if (event.type === 'call_started') break;
    const closing = leaving.close();
    gate.resolve();
    await closing;
    expect(await run.status()).toBe('queued');
    const staying = createHarness({ store, executeRuns: 'workers', agent: { llm: scriptedLlm(['Worked.']), tools: [first.tool] } });
    const worker = createHarnessWorker({ harness: staying, pollIntervalMs: 20 });
    expect((await run.wait({ timeoutMs: 5000 })).result).toBe('Worked.');
    await worker.close();
    expect(first.calls).toHaveLength(1);
  });

  it('sends a completed run back while a check fails, and ends it fatal once the retries are used', async () => {
    const store = new MemoryRunStore();
    const verdicts = [false, true];
    const harness = createHarness({
      store,
      agent: { llm: scriptedLlm(['Draft one.', 'Draft two.']), tools: [] },
      verify: [
        async function mentionsTwo() {
          const pass = verdicts.shift() ?? false;
          return pass ? true : { pass: false, feedback: 'say two' };
        },
      ],
    });
    const run = await harness.start({ goal: 'Write a draft' });
    const result = await run.wait({ timeoutMs: 5000 });
    expect(result).toMatchObject({ status: 'completed', result: 'Draft two.' });
    const checks = (await collect(run.events())).filter((event) => event.type === 'verification').map((event) => event.data);
    expect(checks).toEqual([
      { verifier: 'mentionsTwo', attempt: 1, pass: false, feedback: 'say two' },
      { verifier: 'mentionsTwo', attempt: 2, pass: true },
    ]);
    const strict = createHarness({
      store,
      agent: { llm: scriptedLlm([], { fallbackReply: 'Nope.' }), tools: [] },
      verify: [() => false],
      maxVerifyRetries: 1,
    });
    const failing = await strict.start({ goal: 'Never good enough' });
    const failed = await failing.wait({ timeoutMs: 5000 });
    expect(failed.status).toBe('fatal');
    expect(failed.error).toContain('failed 2 times');
    await harness.close();
    await strict.close();
  });

  it('keeps the artifacts of a run in its store, each recorded as an event', async () => {
    const store = new MemoryRunStore();
    const harness = createHarness({ store, executeRuns: 'workers', agent: { llm: scriptedLlm([]), tools: [] } });
    const run = await harness.start({ goal: 'Report', runId: 'with-artifacts' });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const saved = await run.saveArtifact({ name: 'chart.png', contentType: 'image/png', data: bytes });
    expect(saved).toMatchObject({ runId: 'with-artifacts', name: 'chart.png', contentType: 'image/png', size: 6 });
    expect((await run.artifacts()).map((artifact) => artifact.id)).toEqual([saved.id]);
    expect([...((await run.readArtifact(saved.id))?.data ?? [])]).toEqual([...bytes]);
    const events = await store.readEvents('with-artifacts');
    expect(events.at(-1)).toMatchObject({ type: 'artifact', data: { id: saved.id, name: 'chart.png' } });
    await harness.close();
  });

  it('ends a run whose checkpoint cannot be resumed fatal, naming the run', async () => {
    const store = new MemoryRunStore();
    const harness = createHarness({ store, executeRuns: 'workers', agent: { llm: scriptedLlm([]), tools: [] } });
    const run = await harness.start({ goal: 'Broken', runId: 'broken-run' });
    await store.updateRun('broken-run', { checkpoint: { stage: 'tool_result', goal: 'Broken' } as never, status: 'paused' });
    await run.resume();
    const worker = createHarnessWorker({ harness, pollIntervalMs: 20 });
    const result = await run.wait({ timeoutMs: 5000 });
    await worker.close();
    expect(result.status).toBe('fatal');
    expect(result.error).toContain('broken-run');
  });

  it('fails start with store_failed when the store is down, and refuses a bad config', async () => {
    const store = new MemoryRunStore();
    const down: RunStore = Object.assign(Object.create(store) as RunStore, {
      createRun: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    });
    const harness = createHarness({ store: down, agent: { llm: scriptedLlm([]), tools: [] } });
    const failure = await harness.start({ goal: 'Anything' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(KitAIError);
    expect(failure).toMatchObject({ code: 'store_failed' });
    expect((failure as Error).message).toContain('ECONNREFUSED');
    expect(() => createHarness({ store: {} as RunStore, agent: { llm: scriptedLlm([]), tools: [] } })).toThrow(/store must be a RunStore/);
    await expect(harness.start({ goal: '' })).rejects.toMatchObject({ code: 'invalid_config' });
  });
});
