import type { Part } from '@a2a-js/sdk';
import type * as Errors from '@a2a-js/sdk/errors';

const json = 'application/json';
const text = 'text/plain';

/** Whether a client's `acceptedOutputModes` take a media type: all do when the list is empty. */
function accepts(accepted: readonly string[], mediaType: string): boolean {
  if (accepted.length === 0) return true;
  const [type] = mediaType.split('/');
  return accepted.some((mode) => {
    const wanted = mode.split(';', 1)[0]!.trim().toLowerCase();
    return wanted === mediaType || wanted === '*/*' || wanted === `${type}/*`;
  });
}

/**
 * Refuses, before any work, a request whose `acceptedOutputModes` take neither output this agent
 * writes: a `ContentTypeNotSupportedError` (JSON-RPC -32005).
 */
export function checkOutputModes(accepted: readonly string[], errors: typeof Errors): void {
  if (accepts(accepted, json) || accepts(accepted, text)) return;
  const listed = accepted
    .slice(0, 5)
    .map((mode) => JSON.stringify(mode.slice(0, 60)))
    .join(', ');
  throw new errors.ContentTypeNotSupportedError(
    `acceptedOutputModes [${listed}] takes none of the outputs of this agent; accept ${json} (a data part) or ${text} (the same JSON as text).`,
  );
}

/**
 * The parts of a skill's result: the route's output as a data part (`application/json`), and the
 * same JSON as a text part (`text/plain`) for clients that only read text; each only when the
 * client's `acceptedOutputModes` take it (both when it sent none).
 */
export function outputParts(output: unknown, accepted: readonly string[]): Part[] {
  const value = output === undefined ? null : output;
  const parts: Part[] = [];
  if (accepts(accepted, json)) parts.push({ content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: json });
  if (accepts(accepted, text))
    parts.push({ content: { $case: 'text', value: JSON.stringify(value) }, metadata: undefined, filename: '', mediaType: text });
  return parts;
}
