const closing = new TextEncoder().encode('</body></html>');

function endsWithClosing(chunk: Uint8Array): boolean {
  if (chunk.length < closing.length) return false;
  const offset = chunk.length - closing.length;
  for (let i = 0; i < closing.length; i++) if (chunk[offset + i] !== closing[i]) return false;
  return true;
}

/**
 * Passes React's HTML through and writes `tail()` (the bootstrap state and the client entry) just
 * before the final `</body></html>`, which React sends only once every boundary has streamed. A chunk
 * ending in that text is held back until the next chunk shows it was not the end.
 */
export function injectTail(tail: () => Promise<string>): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array | null = null;
  return new TransformStream({
    transform(chunk, controller) {
      if (held !== null) controller.enqueue(held);
      held = null;
      if (endsWithClosing(chunk)) {
        if (chunk.length > closing.length) controller.enqueue(chunk.subarray(0, chunk.length - closing.length));
        held = closing;
      } else {
        controller.enqueue(chunk);
      }
    },
    async flush(controller) {
      controller.enqueue(new TextEncoder().encode(await tail()));
      if (held !== null) controller.enqueue(held);
    },
  });
}
