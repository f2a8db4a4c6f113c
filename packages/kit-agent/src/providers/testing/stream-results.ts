import { KitAIError, type LLMStreamChunk } from '@kit/kit-ai';
import { rejectionOf } from '../../../../../test-support/rejection.js';

/** The `KitAIError` a provider call fails with; the test fails when the call succeeds. */
export function failure(promise: Promise<unknown>): Promise<KitAIError> {
  return rejectionOf(promise, KitAIError);
}

/** Every chunk of a stream that is expected to end normally. */
export async function collect(stream: AsyncIterable<LLMStreamChunk>): Promise<LLMStreamChunk[]> {
  const chunks: LLMStreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** The chunks a stream yielded before it failed, and the `KitAIError` it failed with. */
export async function streamUntilFailure(stream: AsyncIterable<LLMStreamChunk>): Promise<{ chunks: LLMStreamChunk[]; error: KitAIError }> {
  const chunks: LLMStreamChunk[] = [];
  const error = await failure(
    (async () => {
      for await (const chunk of stream) chunks.push(chunk);
    })(),
  );
  return { chunks, error };
}
