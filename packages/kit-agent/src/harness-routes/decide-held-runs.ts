import { isKitAIError, type ApprovalDecision, type Harness } from '@kit/kit-ai';

/**
 * Decides every run of `harness` held on the app's approval `approvalId`, once that approval was decided
 * on the app's own approvals route: approved, each run calls the held route again (which now passes the
 * policy); denied, each is told so. Resolves with the ids of the runs it decided. Call it from the
 * handler that decides approvals; `harnessRoutes`' own decide route needs no such call.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { defineAPI, resolveApproval } from '@kit/kit-core';
 * import { createHarness, MemoryRunStore, type LLMProvider } from '@kit/kit-ai';
 * import { decideHeldRuns } from '@kit/kit-agent';
 *
 * const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: 'Done.', model: 'scripted-1' }) };
 * const harness = createHarness({ store: new MemoryRunStore(), agent: { llm, tools: [] } });
 *
 * export const decide = defineAPI({
 *   capability: 'write',
 *   input: z.strictObject({ id: z.string(), approved: z.boolean() }),
 *   handler: async ({ input, ctx }) => {
 *     const approval = await resolveApproval(input.id, { approved: input.approved, by: ctx.auth?.subject });
 *     const runs = await decideHeldRuns(harness, input.id, { approved: input.approved });
 *     return { status: approval.status, runs };
 *   },
 * });
 * ```
 */
export async function decideHeldRuns(harness: Harness, approvalId: string, decision: ApprovalDecision): Promise<string[]> {
  const decided: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await harness.list({ status: 'approval_required', limit: 200, ...(cursor === undefined ? {} : { cursor }) });
    for (const run of page.runs) {
      if (run.pendingApproval?.approvalId !== approvalId) continue;
      try {
        await (await harness.get(run.id)).decide(approvalId, decision);
        decided.push(run.id);
      } catch (error) {
        // Decided a moment ago by someone else (the run's own decide route): nothing is left to do.
        if (!isKitAIError(error, 'invalid_run_state')) throw error;
      }
    }
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return decided;
}
