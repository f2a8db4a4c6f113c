import { rejectionOf } from '../../../../test-support/rejection.js';
import { KitAIError } from '../errors/kit-ai-error.js';

/** The `KitAIError` a call rejects with; the test fails when the call succeeds or fails otherwise. */
export function failure(promise: Promise<unknown>): Promise<KitAIError> {
  return rejectionOf(promise, KitAIError);
}
