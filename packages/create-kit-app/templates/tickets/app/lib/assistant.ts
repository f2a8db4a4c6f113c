import { chatCompletionsProvider, registryAgentTools } from '@kit/kit-agent';
import { createHarness, createHarnessWorker, type Harness, type HarnessWorker, type LLMProvider, type RunRecord, type SmartAgentConfig } from '@kit/kit-ai';
import type { CapabilityRegistry, KitContext } from '@kit/kit-core';
import { contextFor } from '@kit/kit-core/http';
import { kitDbRunStore } from '@kit/kit-db';
import { user } from '../models/user.js';
import { db } from './db.js';

// The ticket assistant: a triage agent that reads tickets through the app's own API (the same routes,
// validation and policies as people and agents with keys) and suggests a priority and a reply. When it
// closes a ticket, the close waits for an admin's approval like any agent's
// (app/policies/agents-close-with-approval.ts). Its runs are kept in the app's database (the kit_runs
// tables of migrations/0002_kit_run_store_v1.sql), so a run outlives a restart of the server.

/** The routes the assistant may call: reading tickets, and closing one (which an admin approves first). */
const assistantTools = new Set(['get_api_tickets', 'get_api_tickets_id', 'post_api_tickets_id_close']);

const instructions = [
  'You are the triage assistant of a help desk. You work on one ticket at a time, named in the request.',
  'Read the ticket with get_api_tickets_id first; list other open tickets with get_api_tickets when that helps to judge.',
  'Then answer with a suggested priority (low, normal or high) and why, and a short reply to the person who opened it.',
  'Close the ticket with post_api_tickets_id_close only when you are asked to, with a resolution for the requester;',
  'the close waits for an admin to approve it, so say so and do not call it again.',
].join(' ');

/** Whether the assistant can run here, and if not what to set. */
export type AssistantSetup = { readonly ready: true; readonly model: string } | { readonly ready: false; readonly howToConfigure: string };

/**
 * The model settings from the environment (or .env): `OPENAI_BASE_URL` for any server that speaks the
 * Chat Completions protocol (a local model server such as `http://127.0.0.1:8080/v1`), else the
 * vendor's API with `OPENAI_API_KEY`; `ASSISTANT_MODEL` names the model in both cases.
 */
export function assistantSetup(): AssistantSetup {
  const baseUrl = process.env.OPENAI_BASE_URL ?? '';
  const apiKey = process.env.OPENAI_API_KEY ?? '';
  const model = process.env.ASSISTANT_MODEL ?? '';
  const missing = [
    ...(baseUrl === '' && apiKey === '' ? ['OPENAI_BASE_URL (a Chat Completions compatible server, e.g. http://127.0.0.1:8080/v1) or OPENAI_API_KEY'] : []),
    ...(model === '' ? ['ASSISTANT_MODEL (the model name the server knows)'] : []),
  ];
  if (missing.length > 0) {
    return { ready: false, howToConfigure: `The assistant has no model yet. Set ${missing.join(' and ')} in .env or the environment, then restart the app.` };
  }
  return { ready: true, model };
}

function assistantModel(): LLMProvider {
  return chatCompletionsProvider({
    apiKey: process.env.OPENAI_API_KEY ?? '',
    model: process.env.ASSISTANT_MODEL ?? '',
    ...(process.env.OPENAI_BASE_URL ? { baseUrl: process.env.OPENAI_BASE_URL } : {}),
  });
}

let registry: CapabilityRegistry | undefined;

/** Called once the app is built (app/lib/assistant-routes.ts): the assistant's tools are the app's routes. */
export function useRegistry(appRegistry: CapabilityRegistry): void {
  registry = appRegistry;
}

/**
 * Who the assistant is when it calls a route: an agent acting for the person who started the run, with
 * the permissions agents get from their keys (tickets only). Approvals name it "assistant for <name>".
 */
async function actingFor(run: RunRecord): Promise<KitContext> {
  const owner = typeof run.metadata.owner === 'string' ? run.metadata.owner : '';
  const person = owner === '' ? null : await (await db()).findById(user, owner);
  return {
    ...contextFor(new Request('http://assistant.invalid/'), 'agent'),
    auth: { subject: `agent:assistant for ${person?.name ?? 'a deleted account'}`, method: 'api_key', permissions: person ? ['tickets:*'] : [] },
  };
}

async function triageAgent(run: RunRecord): Promise<SmartAgentConfig> {
  if (registry === undefined) throw new Error('the assistant runs inside the app: its routes are not registered yet');
  const setup = assistantSetup();
  if (!setup.ready) throw new Error(setup.howToConfigure);
  const context = await actingFor(run);
  return {
    llm: assistantModel(),
    tools: registryAgentTools(registry, { filter: (route) => assistantTools.has(route.operationId), context: () => context }),
    prompt: { base: instructions },
    maxIterations: 8,
  };
}

/**
 * The assistant's runs, kept in the app's database (opened with the first call). A run executes in the
 * process that started it; `startAssistantWorker` makes this process also take over runs whose server
 * stopped mid-run (once their 30-second lease ran out).
 */
export function assistantRuns(): Harness {
  // Made on first use, not when the module loads: pages import this file for their loaders, and a
  // module that does nothing on load is left out of the browser's bundle.
  harness ??= createHarness({ store: kitDbRunStore(db), agent: triageAgent, executeRuns: 'here' });
  return harness;
}

let harness: Harness | undefined;
let worker: HarnessWorker | undefined;

/** Starts taking over stopped runs; called with the app's first request, so loading the app (kit verify, kit db:*) starts nothing. */
export function startAssistantWorker(): void {
  worker ??= createHarnessWorker({ harness: assistantRuns(), concurrency: 2, pollIntervalMs: 1000 });
}

/**
 * Stops the worker and hands the runs this process executes back to the database (queued, for the next
 * start to go on with): called when the server stops (the plugin's `close`).
 */
export async function stopAssistant(): Promise<void> {
  await worker?.close();
  worker = undefined;
  await harness?.close();
}

/** What the ticket page knows of the assistant: whether it has a model, and the person's last run on this ticket. */
export interface AssistantView {
  readonly ready: boolean;
  /** Set when it has no model: what to configure. */
  readonly howToConfigure: string | null;
  readonly lastRunId: string | null;
}

/** The assistant's state for a person and a ticket: its setup, and their newest run on the ticket (among the 50 newest runs). */
export async function assistantView(person: string, ticketId: string): Promise<AssistantView> {
  const setup = assistantSetup();
  if (!setup.ready) return { ready: false, howToConfigure: setup.howToConfigure, lastRunId: null };
  const { runs } = await assistantRuns().list({ limit: 50 });
  const last = runs.find((run) => run.metadata.owner === person && run.metadata.ticketId === ticketId);
  return { ready: true, howToConfigure: null, lastRunId: last?.id ?? null };
}
