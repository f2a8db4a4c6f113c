import type { RunRecord } from '@kit/kit-ai';
import { z } from 'zod';

/** The statuses of a run, as the routes take and show them. */
export const runStatusSchema = z.enum([
  'queued',
  'running',
  'paused',
  'approval_required',
  'completed',
  'max_iterations',
  'canceled',
  'fatal',
]);

/**
 * A run as the HTTP routes show it: what a person or a client needs to follow and act on it, without
 * the checkpoint (the whole conversation, which the harness keeps to go on from) or the lease.
 */
export const runViewSchema = z.object({
  id: z.string(),
  goal: z.string(),
  status: runStatusSchema,
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
  attempts: z.number().int(),
  lastSequence: z.number().int().describe('The sequence number of the last event: read the events after it to follow the run.'),
  requested: z
    .enum(['pause', 'cancel'])
    .optional()
    .describe('A pause or cancel asked for, which the run acts on at its next control point.'),
  pendingApproval: z
    .object({ approvalId: z.string(), kind: z.enum(['tool', 'task']), tool: z.string(), args: z.unknown(), reason: z.string() })
    .optional()
    .describe('The held call: decide it with its approvalId.'),
  result: z
    .object({ status: z.string(), result: z.unknown(), iterations: z.number().int(), error: z.string().optional() })
    .optional()
    .describe('The outcome of the last execution that stopped.'),
});

/** A run as the HTTP routes show it. */
export type RunView = z.infer<typeof runViewSchema>;

/** The view of a recorded run. */
export function runView(run: RunRecord): RunView {
  return {
    id: run.id,
    goal: run.goal,
    status: run.status,
    metadata: run.metadata,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    attempts: run.attempts,
    lastSequence: run.lastSequence,
    ...(run.requested ? { requested: run.requested } : {}),
    ...(run.pendingApproval ? { pendingApproval: run.pendingApproval } : {}),
    ...(run.result
      ? {
          result: {
            status: run.result.status,
            result: run.result.result,
            iterations: run.result.iterations,
            ...(run.result.error === undefined ? {} : { error: run.result.error }),
          },
        }
      : {}),
  };
}
