/** Options of a `CallHeldError`. */
export interface CallHeldErrorOptions {
  /** The id of the approval that holds the call, in the system that holds it (a kit-core approval's id). */
  approvalId: string;
  /** What holds it, for people and for code that forwards the decision: `policy:agents-close-with-approval`. */
  heldBy?: string;
  cause?: unknown;
}

/**
 * Thrown by a tool's `execute` when something outside the agent holds the call for a person's
 * decision: an app's `approve` policy, a ticketing system's change request. The loop does not report
 * it as a failure: the run ends `approval_required` with `pendingApproval` naming this `approvalId`,
 * as when a before-hook refuses a call. Approved, the call runs again with the same id and arguments
 * (it should then pass); denied, the model is told. A harness run holds until `decide(approvalId)`.
 *
 * @example
 * ```ts
 * import { CallHeldError, type AgentTool } from '@kit/kit-ai';
 *
 * const decided = new Set<string>();
 * const refund: AgentTool = {
 *   name: 'refund',
 *   description: 'Refunds an order.',
 *   parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
 *   execute: async (args) => {
 *     const order = String(args.order);
 *     if (!decided.has(order)) throw new CallHeldError(`Refunding ${order} needs a manager.`, { approvalId: `refund-${order}`, heldBy: 'policy:refunds' });
 *     return { refunded: order };
 *   },
 * };
 * ```
 */
export class CallHeldError extends Error {
  readonly approvalId: string;
  readonly heldBy: string | undefined;

  constructor(message: string, options: CallHeldErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CallHeldError';
    this.approvalId = options.approvalId;
    this.heldBy = options.heldBy;
  }
}

/**
 * Whether `error` is a `CallHeldError`. Checked by shape as well as by class, because an app may load
 * two copies of kit-ai (its own and a library's), whose classes differ.
 */
export function isCallHeld(error: unknown): error is CallHeldError {
  if (error instanceof CallHeldError) return true;
  const candidate = error as { name?: unknown; approvalId?: unknown } | null;
  return error instanceof Error && candidate?.name === 'CallHeldError' && typeof candidate.approvalId === 'string';
}
