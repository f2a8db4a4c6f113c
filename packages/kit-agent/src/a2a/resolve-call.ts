import type { Part, SendMessageRequest } from '@a2a-js/sdk';
import type * as Errors from '@a2a-js/sdk/errors';
import type { RegisteredRoute } from '@kit/kit-core';
import { textField } from './skills.js';

/** One call of a skill, as a message asks for it. */
export interface SkillCall {
  readonly route: RegisteredRoute;
  readonly input: unknown;
}

/** The skills a handler offers and the one plain text goes to when a message names none. */
export interface SkillSet {
  readonly routes: readonly RegisteredRoute[];
  readonly byId: ReadonlyMap<string, RegisteredRoute>;
  /** Receives plain text that names no skill: `textSkill`, else the only skill with a text field. */
  readonly textSkill: RegisteredRoute | undefined;
}

type Payload =
  { readonly kind: 'json'; readonly value: unknown } | { readonly kind: 'text'; readonly value: string } | { readonly kind: 'none' };

/**
 * Reads which skill a message calls and with what input. The rule, in order:
 *
 * 1. The input: the message's data part (at most one), else its text parts joined by newlines; text
 *    that parses as a JSON object counts as that object, any other text is plain text. File parts
 *    are refused.
 * 2. A JSON object whose only keys are `skill` (a string) and optionally `input` is an envelope: it
 *    names the skill and carries the input (`{}` when `input` is absent). Any other JSON value is
 *    the input itself.
 * 3. The skill, unless the envelope named it: `message.metadata.skill`, else the request's
 *    `metadata.skill`.
 * 4. Otherwise plain text goes to the text skill (`textSkill`, else the only skill with a text
 *    field), and JSON input to the only skill whose input schema accepts it; no parts at all go to
 *    the only skill, if there is just one.
 * 5. Plain text sent to a skill becomes its text field (`{ q: text }` for a search); a skill without
 *    one needs JSON input. No parts at all give the input `{}`.
 *
 * Anything that cannot be resolved is a `RequestMalformedError` (JSON-RPC -32602) that names the
 * skills and says how to name one.
 */
export function resolveCall(request: SendMessageRequest, skills: SkillSet, errors: typeof Errors): SkillCall {
  const malformed = (message: string, metadata?: Record<string, string>) =>
    new errors.RequestMalformedError({ message, ...(metadata ? { metadata } : {}) });
  const message = request.message;
  if (!message) throw malformed('The request has no message; send params.message with the skill input in a data or text part.');
  const payload = readPayload(message.parts, errors);

  let named: string | undefined;
  let input: unknown;
  if (payload.kind === 'json' && isEnvelope(payload.value)) {
    named = payload.value.skill;
    input = payload.value.input ?? {};
  } else {
    named = skillOf(message.metadata, 'message.metadata.skill', malformed) ?? skillOf(request.metadata, 'metadata.skill', malformed);
  }

  const ids = skills.routes.map((route) => route.operationId).join(', ');
  const howToName = `name one in message.metadata.skill or send a data part {"skill": "<id>", "input": {…}}; the skills are ${ids}`;
  if (named !== undefined) {
    const route = skills.byId.get(named);
    if (!route) throw malformed(`Unknown skill ${quote(named)}; ${howToName}.`, { skill: named.slice(0, 100) });
    if (payload.kind === 'json' && isEnvelope(payload.value)) return { route, input };
    return { route, input: inputFor(route, payload, malformed) };
  }

  if (payload.kind === 'text') {
    const route = skills.textSkill;
    if (!route) throw malformed(`The message is plain text and names no skill, and no single skill takes text; ${howToName}.`);
    return { route, input: inputFor(route, payload, malformed) };
  }
  if (payload.kind === 'none') {
    if (skills.routes.length === 1) return { route: skills.routes[0]!, input: {} };
    throw malformed(`The message has no data or text part and names no skill; ${howToName}.`);
  }
  const accepting = skills.routes.filter((route) => (route.definition.input ?? emptyObject).safeParse(payload.value).success);
  if (accepting.length === 1) return { route: accepting[0]!, input: payload.value };
  const which =
    accepting.length === 0
      ? 'no skill accepts this input'
      : `several skills accept this input (${accepting.map((route) => route.operationId).join(', ')})`;
  throw malformed(`The message names no skill and ${which}; ${howToName}.`);
}

const emptyObject = { safeParse: (value: unknown) => ({ success: isPlainObject(value) && Object.keys(value).length === 0 }) };

function readPayload(parts: readonly Part[], errors: typeof Errors): Payload {
  const data: unknown[] = [];
  const texts: string[] = [];
  for (const [index, part] of parts.entries()) {
    const content = part.content;
    if (!content) continue;
    if (content.$case === 'data') data.push(content.value);
    else if (content.$case === 'text') texts.push(content.value);
    else {
      throw new errors.ContentTypeNotSupportedError(
        `Part ${index} is a file (${content.$case}); this agent reads one data part holding JSON, or text. Send the input as a data part.`,
      );
    }
  }
  if (data.length > 1)
    throw new errors.RequestMalformedError(`The message has ${data.length} data parts; send the skill input as one data part.`);
  if (data.length === 1) return { kind: 'json', value: data[0] };
  const text = texts.join('\n').trim();
  if (text === '') return { kind: 'none' };
  if (text.startsWith('{') && text.endsWith('}')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isPlainObject(parsed)) return { kind: 'json', value: parsed };
    } catch {
      // Not JSON after all: a query such as "{braces} in templates" is plain text.
    }
  }
  return { kind: 'text', value: text };
}

function inputFor(
  route: RegisteredRoute,
  payload: Payload,
  malformed: (message: string, metadata?: Record<string, string>) => Error,
): unknown {
  if (payload.kind === 'none') return {};
  if (payload.kind === 'json') return payload.value;
  const field = textField(route);
  if (!field) {
    throw malformed(
      `Skill ${route.operationId} takes JSON input, not plain text; send a data part (or JSON text) with its fields, listed in its description on the agent card.`,
      { skill: route.operationId },
    );
  }
  return { [field]: payload.value };
}

function isEnvelope(value: unknown): value is { skill: string; input?: unknown } {
  if (!isPlainObject(value) || typeof value.skill !== 'string') return false;
  return Object.keys(value).every((key) => key === 'skill' || key === 'input');
}

function skillOf(metadata: Record<string, unknown> | undefined, where: string, malformed: (message: string) => Error): string | undefined {
  if (!metadata || !Object.hasOwn(metadata, 'skill')) return undefined;
  const skill = metadata.skill;
  if (typeof skill !== 'string' || skill === '')
    throw malformed(`${where} must be a skill id (a non-empty string), got ${JSON.stringify(skill)?.slice(0, 60) ?? String(skill)}.`);
  return skill;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quote(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}
