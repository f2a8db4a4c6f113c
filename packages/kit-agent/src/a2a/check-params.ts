/** Most tasks a message may refer to in `referenceTaskIds`. */
export const maxReferenceTasks = 20;

/**
 * What is wrong with the shape of a request's `params`, checked before the SDK decodes them: its
 * decoder trusts the shape (a `null` part, or an object where a string belongs, fails inside it as
 * an internal error), and a client deserves to hear which field to fix.
 */
export function paramsProblem(method: string, params: unknown): string | undefined {
  if (params === undefined && method === 'GetExtendedAgentCard') return undefined;
  if (!isObject(params) || Object.hasOwn(params, ''))
    return `params must be a JSON object without empty keys, such as {"message": {…}} for SendMessage or {"id": "<task id>"} for GetTask.`;
  const notText = ['tenant', 'id', 'taskId', 'contextId', 'pageToken'].find(
    (field) => params[field] !== undefined && params[field] !== null && typeof params[field] !== 'string',
  );
  if (notText) return `params.${notText} must be a string.`;
  if (method !== 'SendMessage' && method !== 'SendStreamingMessage') return undefined;
  const message = params.message;
  if (message === undefined) return undefined;
  if (!isObject(message)) return 'params.message must be an object with messageId, role and parts.';
  const messageNotText = ['messageId', 'contextId', 'taskId'].find(
    (field) => message[field] !== undefined && message[field] !== null && typeof message[field] !== 'string',
  );
  if (messageNotText) return `params.message.${messageNotText} must be a string.`;
  if (message.role !== undefined && typeof message.role !== 'string' && typeof message.role !== 'number')
    return 'params.message.role must be "ROLE_USER".';
  for (const list of ['extensions', 'referenceTaskIds']) {
    const value = message[list];
    if (value !== undefined && (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')))
      return `params.message.${list} must be a list of strings.`;
  }
  if (message.parts !== undefined) {
    if (!Array.isArray(message.parts)) return 'params.message.parts must be a list of parts, such as [{"text": "…"}].';
    const at = message.parts.findIndex((part) => !isObject(part));
    if (at !== -1) return `params.message.parts[${at}] must be an object such as {"text": "…"} or {"data": {…}}.`;
  }
  const references = message.referenceTaskIds;
  if (Array.isArray(references) && references.length > maxReferenceTasks)
    return `params.message.referenceTaskIds lists ${references.length} tasks; refer to at most ${maxReferenceTasks}.`;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
