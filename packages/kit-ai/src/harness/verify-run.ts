import { errorText } from '../llm/describe-value.js';
import type { AgentRunResult } from '../agent/types.js';
import type { Verifier } from './harness-types.js';
import type { RunRecord } from './types.js';
import type { RunWriter } from './run-writer.js';

/** The first failed check of a completed run, or `undefined` when every verifier passed. */
export interface FailedCheck {
  verifier: string;
  feedback: string;
}

/**
 * Runs the verifiers in order on a completed run, recording each verdict as a `verification` event,
 * up to the first that fails. A verifier that throws fails with its error as the feedback.
 */
export async function verifyRun(
  verifiers: readonly Verifier[],
  run: RunRecord,
  result: AgentRunResult,
  attempt: number,
  writer: RunWriter,
): Promise<FailedCheck | undefined> {
  for (const [index, verify] of verifiers.entries()) {
    const verifier = verify.name || `verifier_${index + 1}`;
    let pass: boolean;
    let feedback: string | undefined;
    try {
      const outcome = await verify({ run, result, attempt });
      pass = typeof outcome === 'boolean' ? outcome : outcome.pass === true;
      feedback = typeof outcome === 'boolean' ? undefined : outcome.feedback;
    } catch (error) {
      pass = false;
      feedback = `the check threw: ${errorText(error)}`;
    }
    await writer.event('verification', { verifier, attempt, pass, ...(feedback !== undefined ? { feedback } : {}) });
    if (!pass) return { verifier, feedback: feedback ?? `${verifier} did not pass` };
  }
  return undefined;
}

/** The message that sends a run back after a failed check. */
export function retryMessage(failed: FailedCheck): string {
  return `The check "${failed.verifier}" did not accept your answer: ${failed.feedback}\nFix this, then answer again.`;
}
