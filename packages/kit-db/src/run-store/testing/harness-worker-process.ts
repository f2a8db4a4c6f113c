/**
 * A harness worker in its own process, for the crash test: it executes runs from the PostgreSQL
 * database at DATABASE_URL with a short lease. Its `charge` tool appends the call's idempotency key to
 * CALLS_FILE and then, when HANG is set, never returns, so the test can kill the process mid-call.
 * It prints one JSON line per event the test waits for.
 */
import { appendFileSync } from 'node:fs';
import { createHarness, createHarnessWorker, type AgentTool, type LLMProvider } from '@kit/kit-ai';
import { createDatabase } from '../../database/create-database.js';
import { kitDbRunStore } from '../kit-db-run-store.js';

const say = (event: string, data: Record<string, unknown> = {}): void =>
  void process.stdout.write(`${JSON.stringify({ event, ...data })}\n`);

// The model charges the card, then reports once the tool's result is in the conversation.
const llm: LLMProvider = {
  name: 'scripted',
  chat: async (messages) => {
    const charged = messages.some((message) => message.content.includes('Result of tool charge'));
    return {
      content: charged ? 'The card is charged.' : JSON.stringify({ tool: 'charge', arguments: { cents: 1200 } }),
      model: 'scripted-1',
    };
  },
};

const charge: AgentTool = {
  name: 'charge',
  description: 'Charges the card',
  parameters: { type: 'object', properties: { cents: { type: 'number' } }, required: ['cents'] },
  execute: async (_args, context) => {
    appendFileSync(process.env.CALLS_FILE!, `${context?.runId}:${context?.callId}\n`);
    say('charging', { callId: context?.callId });
    if (process.env.HANG === '1') await new Promise(() => undefined);
    return { charged: true };
  },
};

const db = await createDatabase({ provider: 'postgres', url: process.env.DATABASE_URL!, models: [], setDefault: false });
const harness = createHarness({
  store: kitDbRunStore(db),
  agent: { llm, tools: [charge] },
  executeRuns: 'workers',
  leaseMs: Number(process.env.LEASE_MS ?? 1500),
  executorId: process.env.WORKER_NAME,
});
const worker = createHarnessWorker({ harness, pollIntervalMs: 50 });
say('ready');

process.on('SIGTERM', () => {
  void worker
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
});
