import { KitAIError } from '../errors/kit-ai-error.js';
import { describeValue } from '../llm/describe-value.js';
import type { AgentCheckpoint, AgentCheckpointStage } from './types.js';

const STAGES: ReadonlySet<string> = new Set<AgentCheckpointStage>([
  'initialized',
  'tool_call',
  'tool_result',
  'task_wait',
  'approval_required',
  'paused',
  'completed',
  'max_iterations',
  'canceled',
]);

/** The stages a run cannot continue from. */
export const FINAL_STAGES: ReadonlySet<AgentCheckpointStage> = new Set<AgentCheckpointStage>(['completed', 'canceled']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * The first thing wrong with a candidate checkpoint, or `undefined` when a run can continue from it:
 * the fields every checkpoint has, with their types; the optional ones, when present; and that it
 * survives `JSON.stringify` (a checkpoint is plain JSON). Whether the stage may be resumed is not
 * checked here.
 */
export function checkpointProblem(candidate: unknown): string | undefined {
  if (!isObject(candidate)) return `the checkpoint must be an AgentCheckpoint object, got ${describeValue(candidate)}`;
  const { stage, compaction, pendingCalls, pendingApproval } = candidate;
  if (typeof stage !== 'string' || !STAGES.has(stage)) return `stage ${describeValue(stage)} is not a checkpoint stage`;
  if (typeof candidate.goal !== 'string') return 'goal must be a string';
  if (
    !Array.isArray(candidate.messages) ||
    !candidate.messages.every(
      (message) =>
        isObject(message) && typeof message.content === 'string' && ['user', 'assistant', 'system'].includes(message.role as string),
    )
  ) {
    return 'messages must be an array of { role, content }';
  }
  if (typeof candidate.iterations !== 'number' || !Number.isInteger(candidate.iterations) || candidate.iterations < 0)
    return 'iterations must be an integer of 0 or more';
  if (!Array.isArray(candidate.toolCalls) || !Array.isArray(candidate.taskCalls)) return 'toolCalls and taskCalls must be arrays';
  if (typeof candidate.maxOutputTokens !== 'number') return 'maxOutputTokens must be a number';
  if (
    !isObject(compaction) ||
    !['autocompactFailures', 'reactiveCompactRetries', 'tokenEscalations'].every((key) => typeof compaction[key] === 'number')
  ) {
    return 'compaction must be { autocompactFailures, reactiveCompactRetries, tokenEscalations }';
  }
  if (
    pendingCalls !== undefined &&
    !(
      Array.isArray(pendingCalls) &&
      pendingCalls.every(
        (call) =>
          isObject(call) &&
          typeof call.name === 'string' &&
          isObject(call.arguments) &&
          (call.id === undefined || typeof call.id === 'string'),
      )
    )
  ) {
    return 'pendingCalls must be an array of { id, name, arguments } with arguments an object';
  }
  if (
    pendingApproval !== undefined &&
    !(
      isObject(pendingApproval) &&
      (pendingApproval.kind === 'tool' || pendingApproval.kind === 'task') &&
      typeof pendingApproval.tool === 'string' &&
      typeof pendingApproval.reason === 'string' &&
      ['callId', 'approvalId', 'heldBy'].every((key) => pendingApproval[key] === undefined || typeof pendingApproval[key] === 'string')
    )
  ) {
    return "pendingApproval must be { kind: 'tool' | 'task', tool, args, reason, callId?, approvalId?, heldBy? } (the optional ones strings)";
  }
  if (candidate.activeSkills !== undefined && !isStringArray(candidate.activeSkills)) return 'activeSkills must be an array of skill names';
  if (candidate.loadedTools !== undefined && !isStringArray(candidate.loadedTools)) return 'loadedTools must be an array of tool names';
  if (candidate.outputTokensUsed !== undefined && !(typeof candidate.outputTokensUsed === 'number' && candidate.outputTokensUsed >= 0))
    return 'outputTokensUsed must be a number of 0 or more';
  if (candidate.nudgeSent !== undefined && typeof candidate.nudgeSent !== 'boolean') return 'nudgeSent must be a boolean';
  try {
    JSON.stringify(candidate);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    return `it cannot be turned into JSON (${reason})`;
  }
  return undefined;
}

/**
 * Checks what an `onCheckpoint` hook returned for `given`: `undefined` (or `null`) when it returned
 * nothing, else a plain-JSON copy of the checkpoint to use instead. The same rules hold at every
 * stage: a valid checkpoint (see `checkpointProblem`) with the stage it was given. Anything else
 * throws `KitAIError('invalid_checkpoint')` naming `hooks.onCheckpoint`, the stage and the problem.
 */
export function checkReturnedCheckpoint(returned: unknown, given: AgentCheckpoint): AgentCheckpoint | undefined {
  if (returned === undefined || returned === null) return undefined;
  let problem = checkpointProblem(returned);
  const stage = (returned as { stage?: unknown }).stage;
  // A checkpoint says where it was taken; another stage would make a final result resumable, or the reverse.
  if (problem === undefined && stage !== given.stage) problem = `its stage must stay "${given.stage}", got ${describeValue(stage)}`;
  if (problem !== undefined) {
    throw new KitAIError(
      'invalid_checkpoint',
      `hooks.onCheckpoint returned an invalid checkpoint at stage "${given.stage}": ${problem}; return the checkpoint it received (changed or not) or nothing.`,
    );
  }
  return JSON.parse(JSON.stringify(returned)) as AgentCheckpoint;
}
