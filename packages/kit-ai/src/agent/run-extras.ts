import type { LLMProvider } from '../llm/types.js';
import type { MemoryAccessor } from '../memory/accessor.js';
import { createActivateSkillTool } from '../skills/activate-skill-tool.js';
import { formatSkillDescriptions } from '../skills/format-skill-descriptions.js';
import type { AgentSkill } from '../skills/types.js';
import type { AgentTool } from '../tools/types.js';
import type { PromptLayer } from '../prompt/types.js';
import type { AgentRunResult, PostRunErrorInfo, SmartAgentConfig } from './types.js';

/** Strategies asked of the evolution store before a run. */
export const STRATEGIES_PER_RUN = 5;
/** Evolved skills asked of the evolution store before a run. */
export const EVOLVED_SKILLS_PER_RUN = 3;
/** Characters of the final answer kept in a session summary. */
export const SUMMARY_ANSWER_CHARS = 500;

/** What memory, skills and evolution add to one call of `run` or `resume`. */
export interface RunExtras {
  /** The configured skills, then evolved skills with other names. */
  skills: AgentSkill[];
  /** The `activate_skill` tool over `skills`, when there are any. */
  activateSkill: AgentTool | undefined;
  /** `formatSkillDescriptions(skills)`, `''` without skills. */
  skillsText: string;
  /** `assembleContext(goal)`, `''` without memory. */
  memoryText: string;
  strategyLayer: PromptLayer | undefined;
  appliedStrategyIds: string[];
  accessor: MemoryAccessor | undefined;
}

/** Reports a failure of work around a run to `onPostRunError`, else to `console.warn`. */
export type ReportPostRunError = (info: PostRunErrorInfo) => void;

/** A reporter over the configured hook; a throw from the hook is ignored, since the run's result must not change. */
export function postRunReporter(config: SmartAgentConfig): ReportPostRunError {
  return (info) => {
    const hook = config.hooks?.onPostRunError;
    if (!hook) {
      console.warn(`kit-ai smart agent: ${info.stage} failed: ${info.error instanceof Error ? info.error.message : String(info.error)}`);
      return;
    }
    try {
      hook(info);
    } catch {
      // The hook exists to observe; its own failure has nowhere better to go.
    }
  };
}

/**
 * Gathers what a run call adds to the prompt and the tools. Memory: one `assembleContext(goal)` on
 * the agent's accessor (a failure rejects, and the run ends `fatal`). Evolution: up to 5 strategies for the goal become the strategy layer, and up to 3 evolved skills join the
 * configured ones; a failing store is reported and the run goes on without them. The strategies'
 * applications are counted after the run, by `runPostRunEvolution`.
 */
export async function prepareRunExtras(
  config: SmartAgentConfig,
  goal: string,
  report: ReportPostRunError,
  accessor: MemoryAccessor | undefined,
): Promise<RunExtras> {
  const skills = [...(config.skills ?? [])];
  let strategyLayer: PromptLayer | undefined;
  const appliedStrategyIds: string[] = [];
  if (config.evolution) {
    const store = config.evolution.store;
    try {
      // Evolution code is loaded on first use: agents without evolution never pay for it.
      const { buildStrategyLayer } = await import('../evolution/strategy-layer.js');
      const strategies = await store.queryStrategies(goal, STRATEGIES_PER_RUN);
      strategyLayer = buildStrategyLayer(strategies);
      // Counted after the run: runPostRunEvolution increments their applications and adjusts their utility.
      if (strategyLayer) appliedStrategyIds.push(...strategies.map((strategy) => strategy.id));
      const known = new Set(skills.map((skill) => skill.name));
      for (const skill of await store.querySkills(goal, EVOLVED_SKILLS_PER_RUN)) {
        if (!known.has(skill.name)) {
          skills.push(skill);
          known.add(skill.name);
        }
      }
    } catch (error) {
      report({ stage: 'evolution_query', error });
    }
  }
  let activateSkill: AgentTool | undefined;
  let usable = skills;
  if (skills.length > 0) {
    try {
      activateSkill = createActivateSkillTool(skills);
    } catch (error) {
      // Configured skills were checked when the agent was made, so an evolved one is at fault.
      report({ stage: 'evolution_query', error });
      usable = [...(config.skills ?? [])];
      activateSkill = usable.length > 0 ? createActivateSkillTool(usable) : undefined;
    }
  }
  const memoryText = accessor ? await accessor.assembleContext(goal) : '';
  return {
    skills: usable,
    activateSkill,
    skillsText: usable.length > 0 ? formatSkillDescriptions(usable) : '',
    memoryText,
    strategyLayer,
    appliedStrategyIds,
    accessor,
  };
}

/** The text of a session summary: goal, status, iterations, the answer shortened, the tools used. */
export function sessionSummaryText(goal: string, result: AgentRunResult): string {
  const answer = typeof result.result === 'string' ? result.result : result.result === undefined ? '' : JSON.stringify(result.result);
  const short = answer.length > SUMMARY_ANSWER_CHARS ? `${answer.slice(0, SUMMARY_ANSWER_CHARS)}…` : answer;
  const used = [...new Set([...result.toolCalls.map((call) => call.tool), ...result.taskCalls.map((call) => call.task)])];
  return [
    'Session summary',
    `Goal: ${goal}`,
    `Status: ${result.status}${result.error ? ` (${result.error})` : ''}`,
    `Iterations: ${result.iterations}`,
    `Answer: ${short === '' ? '(none)' : short}`,
    `Tools used: ${used.length > 0 ? used.join(', ') : 'none'}`,
  ].join('\n');
}

/** What `finishRunExtras` needs. */
export interface FinishInput {
  goal: string;
  result: AgentRunResult;
  durationMs: number;
  skillsUsed: string[];
  llm: LLMProvider;
}

/**
 * The work after a run call: with `memory.saveSessionSummary`, the session summary is remembered
 * (type `session_summary`, metadata `{ status, iterations }`); with `evolution`, post-run evolution
 * runs with the strategies applied. Failures are reported, never thrown.
 */
export async function finishRunExtras(
  config: SmartAgentConfig,
  extras: RunExtras,
  input: FinishInput,
  report: ReportPostRunError,
): Promise<void> {
  if (extras.accessor && config.memory?.saveSessionSummary) {
    try {
      await extras.accessor.remember(sessionSummaryText(input.goal, input.result), {
        type: 'session_summary',
        metadata: { status: input.result.status, iterations: input.result.iterations },
      });
    } catch (error) {
      report({ stage: 'session_summary', error });
    }
  }
  if (config.evolution) {
    try {
      const { runPostRunEvolution } = await import('../evolution/post-run.js');
      const outcome = await runPostRunEvolution({
        config: config.evolution,
        result: input.result,
        goal: input.goal,
        durationMs: input.durationMs,
        skillsUsed: input.skillsUsed,
        llm: input.llm,
        appliedStrategyIds: extras.appliedStrategyIds,
      });
      // Post-run evolution goes on past a failing step and lists it; each is reported on its own.
      for (const message of outcome.errors) report({ stage: 'evolution', error: new Error(message) });
    } catch (error) {
      report({ stage: 'evolution', error });
    }
  }
}
