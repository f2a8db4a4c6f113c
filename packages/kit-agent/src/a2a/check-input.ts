import type * as Errors from '@a2a-js/sdk/errors';
import { invalidInput, type FieldIssue } from '@kit/kit-core';
import { safeParseWithMessages } from '@kit/kit-core/internal';
import { z } from 'zod';
import type { SkillCall } from './resolve-call.js';

const emptyInput = z.strictObject({});

/**
 * Checks a call's input against its route's schema before a task is created, so that a bad
 * argument is a JSON-RPC error (-32602) the client can correct, rather than a failed task. The
 * wording is the one the HTTP API and MCP use (`limit must be at most 50`); the field issues also
 * travel in the error's `ErrorInfo.metadata.issues` as JSON. The call itself still goes through
 * `CapabilityRegistry.invoke`, which validates again and enforces the route's policy.
 */
export function checkInput(call: SkillCall, errors: typeof Errors): void {
  const schema = call.route.definition.input ?? emptyInput;
  const parsed = safeParseWithMessages(schema, call.input ?? {});
  if (parsed.success) return;
  const error = invalidInput(fieldIssues(parsed.error));
  throw new errors.RequestMalformedError({
    message: `Skill ${call.route.operationId}: ${error.message} Correct the input; the skill's fields are listed in its description on the agent card.`,
    metadata: { skill: call.route.operationId, issues: JSON.stringify(error.issues) },
  });
}

/** zod issues as kit's field issues, an unknown key reported as its own field. */
function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: 'is not a known field; remove it' }));
    }
    return [{ field: base, message: issue.message }];
  });
}
