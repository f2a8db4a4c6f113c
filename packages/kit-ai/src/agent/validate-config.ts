import { KitAIError } from '../errors/kit-ai-error.js';
import { describeValue } from '../llm/describe-value.js';
import type { SmartAgentConfig } from './types.js';
import { LOAD_TOOLS } from './tool-catalog.js';
import { checkEvolutionConfig } from '../evolution/checks.js';

const COMPONENT = 'createSmartAgent';

function fail(field: string, expectation: string, value: unknown, fix = ''): never {
  throw new KitAIError(
    'invalid_config',
    `${COMPONENT}: ${field} must be ${expectation}, got ${describeValue(value)}${fix ? `; ${fix}` : ''}`,
  );
}

function positiveInteger(field: string, value: unknown, optional = true): void {
  if (value === undefined && optional) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) fail(field, 'a positive integer', value);
}

function nonNegativeInteger(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(field, 'an integer of 0 or more', value);
}

function positiveNumber(field: string, value: unknown, unit: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) fail(field, `a positive number of ${unit}`, value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkCallables(field: 'tools' | 'tasks', list: unknown, names: Map<string, string>): void {
  if (!Array.isArray(list))
    fail(field, 'an array', list, field === 'tools' ? 'pass [] for an agent without tools' : 'leave it out for an agent without tasks');
  list.forEach((item: unknown, index) => {
    const at = `${field}[${index}]`;
    if (!isObject(item)) fail(at, `an ${field === 'tools' ? 'AgentTool' : 'AgentTask'} object`, item);
    if (typeof item.name !== 'string' || item.name.trim() === '') fail(`${at}.name`, 'a non-empty string', item.name);
    if (typeof item.description !== 'string') fail(`${at}.description`, 'a string shown to the model', item.description);
    if (typeof item.execute !== 'function') fail(`${at}.execute`, 'a function', item.execute);
    if (item.validate !== undefined && typeof item.validate !== 'function') fail(`${at}.validate`, 'a function', item.validate);
    if (item.parameters !== undefined && !isObject(item.parameters)) fail(`${at}.parameters`, 'a JSON Schema object', item.parameters);
    if (item.failureMode !== undefined && item.failureMode !== 'soft' && item.failureMode !== 'hard')
      fail(`${at}.failureMode`, '"soft" or "hard"', item.failureMode);
    positiveNumber(`${at}.timeout`, item.timeout, 'milliseconds');
    const previous = names.get(item.name);
    if (previous) {
      throw new KitAIError(
        'invalid_config',
        `${COMPONENT}: ${at} is named "${item.name}", like ${previous}; tools and tasks share one namespace, so give each a distinct name.`,
      );
    }
    names.set(item.name, at);
  });
}

/**
 * Checks a `SmartAgentConfig` once, when the agent is made, so a run never fails on configuration.
 * Throws `KitAIError('invalid_config')` naming the field, the bad value and the fix.
 */
export function validateConfig(config: SmartAgentConfig): void {
  if (!isObject(config)) fail('config', 'a SmartAgentConfig object', config);
  const llmCandidate: unknown = config.llm;
  if (!isObject(llmCandidate) || typeof llmCandidate.chat !== 'function' || typeof llmCandidate.name !== 'string') {
    fail(
      'llm',
      'an LLMProvider (an object with a name and a chat() method)',
      llmCandidate,
      'pass a provider such as chatCompletionsProvider(...) from @kit/kit-agent',
    );
  }
  if (config.fallbackLlm !== undefined) {
    const fallback: unknown = config.fallbackLlm;
    if (!isObject(fallback) || typeof fallback.chat !== 'function' || typeof fallback.name !== 'string')
      fail('fallbackLlm', 'an LLMProvider', fallback);
  }
  const names = new Map<string, string>();
  checkCallables('tools', config.tools, names);
  if (config.tasks !== undefined) checkCallables('tasks', config.tasks, names);
  if ((config.skills !== undefined || config.evolution !== undefined) && names.has('activate_skill')) {
    throw new KitAIError(
      'invalid_config',
      `${COMPONENT}: ${names.get('activate_skill')} is named "activate_skill", the name of the skills meta-tool; rename it.`,
    );
  }
  if (config.toolCatalog !== undefined) {
    if (!isObject(config.toolCatalog)) fail('toolCatalog', 'an object { deferThreshold }', config.toolCatalog);
    nonNegativeInteger('toolCatalog.deferThreshold', config.toolCatalog.deferThreshold);
    if (names.has(LOAD_TOOLS))
      throw new KitAIError(
        'invalid_config',
        `${COMPONENT}: ${names.get(LOAD_TOOLS)} is named "${LOAD_TOOLS}", the name of the tool catalogue's meta-tool; rename it.`,
      );
  }
  positiveInteger('maxIterations', config.maxIterations);
  positiveInteger('maxTotalIterations', config.maxTotalIterations);
  positiveNumber('contextWindowSize', config.contextWindowSize, 'tokens');
  if (config.streaming !== undefined) {
    if (!isObject(config.streaming)) fail('streaming', 'an object { maxConcurrency }', config.streaming);
    positiveInteger('streaming.maxConcurrency', config.streaming.maxConcurrency, false);
  }
  checkCompaction(config);
  checkBudgets(config);
  if (config.llmTimeout !== undefined) {
    if (!isObject(config.llmTimeout)) fail('llmTimeout', 'an object', config.llmTimeout);
    positiveNumber('llmTimeout.chatTimeoutMs', config.llmTimeout.chatTimeoutMs, 'milliseconds');
    positiveNumber('llmTimeout.streamIdleTimeoutMs', config.llmTimeout.streamIdleTimeoutMs, 'milliseconds');
    positiveNumber('llmTimeout.stallWarningMs', config.llmTimeout.stallWarningMs, 'milliseconds');
  }
  if (config.stopHooks !== undefined) {
    if (!Array.isArray(config.stopHooks)) fail('stopHooks', 'an array of StopHook', config.stopHooks);
    config.stopHooks.forEach((hook: unknown, index) => {
      if (!isObject(hook) || typeof hook.name !== 'string' || typeof hook.evaluate !== 'function')
        fail(`stopHooks[${index}]`, 'a StopHook { name, evaluate }', hook);
    });
  }
  if (config.skills !== undefined && !Array.isArray(config.skills)) fail('skills', 'an array of AgentSkill', config.skills);
  if (config.hooks !== undefined && !isObject(config.hooks)) fail('hooks', 'an object of hook functions', config.hooks);
  if (config.checkpointBeforeCalls !== undefined && typeof config.checkpointBeforeCalls !== 'boolean')
    fail('checkpointBeforeCalls', 'true or false', config.checkpointBeforeCalls);
  checkBackgroundTasks(config);
  checkEvolution(config);
}

function checkBackgroundTasks(config: SmartAgentConfig): void {
  const background: unknown = config.backgroundTasks;
  if (background === undefined || typeof background === 'boolean') return;
  const shape = "true, false or { onFinalAnswer?: 'wait' | 'cancel' }";
  if (!isObject(background)) fail('backgroundTasks', shape, background);
  for (const key of Object.keys(background)) {
    if (key !== 'onFinalAnswer') fail('backgroundTasks', shape, background, `"${key}" is not an option of backgroundTasks`);
  }
  const onFinalAnswer = background.onFinalAnswer;
  if (onFinalAnswer !== undefined && onFinalAnswer !== 'wait' && onFinalAnswer !== 'cancel')
    fail('backgroundTasks.onFinalAnswer', '"wait" or "cancel"', onFinalAnswer);
}

function checkEvolution(config: SmartAgentConfig): void {
  if (config.evolution === undefined) return;
  checkEvolutionConfig(COMPONENT, 'evolution', config.evolution);
}

function checkCompaction(config: SmartAgentConfig): void {
  const compaction: unknown = config.compaction;
  if (compaction === undefined) return;
  if (!isObject(compaction)) fail('compaction', 'an object { snip?, microcompact?, autocompact? }', compaction);
  if (compaction.snip !== undefined) {
    const snip = compaction.snip as Record<string, unknown>;
    positiveInteger('compaction.snip.preserveTail', snip.preserveTail, false);
  }
  if (compaction.microcompact !== undefined) {
    const micro = compaction.microcompact as Record<string, unknown>;
    positiveInteger('compaction.microcompact.maxToolResultChars', micro.maxToolResultChars, false);
    nonNegativeInteger('compaction.microcompact.protectedTail', micro.protectedTail);
  }
  if (compaction.autocompact !== undefined) {
    const auto = compaction.autocompact as Record<string, unknown>;
    if (typeof auto.threshold !== 'number' || !(auto.threshold > 0 && auto.threshold <= 1))
      fail('compaction.autocompact.threshold', 'a fraction of the context window above 0 and at most 1 (0.8 = 80%)', auto.threshold);
    nonNegativeInteger('compaction.autocompact.maxFailures', auto.maxFailures);
    if (auto.bufferTokens !== undefined) nonNegativeInteger('compaction.autocompact.bufferTokens', auto.bufferTokens);
    if (config.contextWindowSize === undefined)
      fail(
        'contextWindowSize',
        'set when compaction.autocompact is',
        undefined,
        'autocompact measures the conversation against the context window',
      );
  }
}

function checkBudgets(config: SmartAgentConfig): void {
  const budget: unknown = config.tokenBudget;
  if (typeof budget === 'number') positiveInteger('tokenBudget', budget, false);
  else if (budget !== undefined) {
    if (!isObject(budget))
      fail('tokenBudget', 'a number of tokens or { maxOutputTokensPerTurn, nudgeAtPercent?, maxEscalations? }', budget);
    positiveInteger('tokenBudget.maxOutputTokensPerTurn', budget.maxOutputTokensPerTurn, false);
    if (budget.maxEscalations !== undefined) nonNegativeInteger('tokenBudget.maxEscalations', budget.maxEscalations);
    if (
      budget.nudgeAtPercent !== undefined &&
      (typeof budget.nudgeAtPercent !== 'number' || !(budget.nudgeAtPercent > 0 && budget.nudgeAtPercent <= 100))
    ) {
      fail('tokenBudget.nudgeAtPercent', 'a percentage above 0 and at most 100', budget.nudgeAtPercent);
    }
  }
  const results: unknown = config.toolResultBudget;
  if (results === undefined) return;
  if (!isObject(results))
    fail('toolResultBudget', 'an object { maxChars, preserveStructure?, persistDir?, maxAggregateCharsPerIteration? }', results);
  positiveInteger('toolResultBudget.maxChars', results.maxChars, false);
  positiveInteger('toolResultBudget.maxAggregateCharsPerIteration', results.maxAggregateCharsPerIteration);
  if (results.persistDir !== undefined && (typeof results.persistDir !== 'string' || results.persistDir.trim() === ''))
    fail('toolResultBudget.persistDir', 'a directory path', results.persistDir);
}
