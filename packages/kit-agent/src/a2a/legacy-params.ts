import { maxReferenceTasks } from './check-params.js';

/**
 * What is wrong with the `params` of an A2A 0.3 request, checked before the SDK's compatibility
 * layer translates them: it trusts their shape (a part that is not an object, or a file that is a
 * string, fails inside it as an internal error), and a client deserves to hear which field to fix.
 * The shapes are those of 0.3: parts carry a `kind` (`text`, `data` or `file`), roles are `user`
 * and `agent`.
 */
export function legacyParamsProblem(method: string, params: unknown): string | undefined {
  if (method === 'agent/getAuthenticatedExtendedCard' && params === undefined) return undefined;
  if (!isObject(params) || Object.hasOwn(params, '')) {
    return 'params must be a JSON object without empty keys, such as {"message": {…}} for message/send or {"id": "<task id>"} for tasks/get.';
  }
  if (method === 'tasks/pushNotificationConfig/set') {
    if (typeof params.taskId !== 'string') return 'params.taskId must be the id of a task, a string.';
    return isObject(params.pushNotificationConfig) ? undefined : 'params.pushNotificationConfig must be an object with url.';
  }
  if (method.startsWith('tasks/')) {
    if (typeof params.id !== 'string') return 'params.id must be the id of a task, a string.';
    if (params.historyLength !== undefined && !isCount(params.historyLength)) return 'params.historyLength must be a whole number from 0.';
    return metadataProblem(params.metadata, 'params.metadata');
  }
  if (method !== 'message/send' && method !== 'message/stream') return undefined;
  return (
    messageProblem(params.message) ?? configurationProblem(params.configuration) ?? metadataProblem(params.metadata, 'params.metadata')
  );
}

/**
 * A 0.3 `message/send` whose `configuration` leaves out `blocking`, with `blocking: true`: 0.3
 * servers answered such a message once its task had finished, and the SDK's translation would
 * otherwise answer at once with the task still `submitted`. Other requests are returned as they are.
 */
export function withBlockingDefault(request: Record<string, unknown>): Record<string, unknown> {
  const params = request.params;
  if (
    request.method !== 'message/send' ||
    !isObject(params) ||
    !isObject(params.configuration) ||
    params.configuration.blocking !== undefined
  )
    return request;
  return { ...request, params: { ...params, configuration: { ...params.configuration, blocking: true } } };
}

function messageProblem(message: unknown): string | undefined {
  const example = '{"kind": "message", "messageId": "…", "role": "user", "parts": [{"kind": "text", "text": "…"}]}';
  if (!isObject(message)) return `params.message must be a message object, such as ${example}.`;
  if (typeof message.messageId !== 'string' || message.messageId === '')
    return 'params.message.messageId must be a non-empty string, unique per message.';
  if (message.role !== 'user' && message.role !== 'agent') return `params.message.role must be "user", got ${shown(message.role)}.`;
  const notText = ['contextId', 'taskId'].find(
    (field) => message[field] !== undefined && message[field] !== null && typeof message[field] !== 'string',
  );
  if (notText) return `params.message.${notText} must be a string.`;
  for (const list of ['extensions', 'referenceTaskIds']) {
    const value = message[list];
    if (value !== undefined && (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')))
      return `params.message.${list} must be a list of strings.`;
  }
  const references = message.referenceTaskIds;
  if (Array.isArray(references) && references.length > maxReferenceTasks)
    return `params.message.referenceTaskIds lists ${references.length} tasks; refer to at most ${maxReferenceTasks}.`;
  if (!Array.isArray(message.parts)) return `params.message.parts must be a list of parts, such as [{"kind": "text", "text": "…"}].`;
  for (const [index, part] of message.parts.entries()) {
    const problem = partProblem(part, `params.message.parts[${index}]`);
    if (problem) return problem;
  }
  return metadataProblem(message.metadata, 'params.message.metadata');
}

function partProblem(part: unknown, at: string): string | undefined {
  if (!isObject(part)) return `${at} must be an object such as {"kind": "text", "text": "…"} or {"kind": "data", "data": {…}}.`;
  if (part.kind === 'text')
    return typeof part.text === 'string' ? metadataProblem(part.metadata, `${at}.metadata`) : `${at}.text must be a string.`;
  if (part.kind === 'data')
    return part.data === undefined ? `${at}.data must hold the JSON of the part.` : metadataProblem(part.metadata, `${at}.metadata`);
  if (part.kind === 'file') {
    const file = part.file;
    const valid = isObject(file) && (typeof file.bytes === 'string' || typeof file.uri === 'string');
    return valid ? metadataProblem(part.metadata, `${at}.metadata`) : `${at}.file must be an object with bytes (base64) or uri, a string.`;
  }
  return `${at}.kind must be "text", "data" or "file", got ${shown(part.kind)}.`;
}

function configurationProblem(configuration: unknown): string | undefined {
  if (configuration === undefined) return undefined;
  if (!isObject(configuration)) return 'params.configuration must be an object, such as {"blocking": true}.';
  const modes = configuration.acceptedOutputModes;
  if (modes !== undefined && (!Array.isArray(modes) || modes.some((mode) => typeof mode !== 'string')))
    return 'params.configuration.acceptedOutputModes must be a list of media types, strings.';
  if (configuration.blocking !== undefined && typeof configuration.blocking !== 'boolean')
    return 'params.configuration.blocking must be true or false.';
  if (configuration.historyLength !== undefined && !isCount(configuration.historyLength))
    return 'params.configuration.historyLength must be a whole number from 0.';
  if (configuration.pushNotificationConfig !== undefined && !isObject(configuration.pushNotificationConfig))
    return 'params.configuration.pushNotificationConfig must be an object.';
  return undefined;
}

function metadataProblem(metadata: unknown, at: string): string | undefined {
  return metadata === undefined || metadata === null || isObject(metadata) ? undefined : `${at} must be a JSON object.`;
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  return value === undefined ? 'nothing' : typeof value === 'object' ? (value === null ? 'null' : 'an object') : String(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
