import { composePrompt } from '../prompt/compose.js';
import type { SmartAgentConfig } from './types.js';
import type { RunningTask } from './background-tasks.js';
import type { SavedState } from './checkpoint.js';
import type { RunExtras } from './run-extras.js';
import type { ToolCatalog } from './tool-catalog.js';

/** How long a task has run, as the prompt says it: `850 ms`, `12.4 s`, `3 min 5 s`. */
function elapsed(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The section that lists the background tasks still running, and what happens to them when the model answers. */
function runningTasksText(running: readonly RunningTask[], config: SmartAgentConfig['backgroundTasks']): string {
  const cancel = typeof config === 'object' && config.onFinalAnswer === 'cancel';
  return [
    '## Tasks running in the background',
    ...running.map((task) => `- ${task.call.name} (call ${task.call.id}), running for ${elapsed(task.elapsedMs)}`),
    'Each result comes in a later message; do not call a task again to wait for it, go on with other work meanwhile.',
    cancel
      ? 'If you give your final answer before they finish, they are canceled.'
      : 'If you answer without calls before they finish, the run waits for the next one and asks you again.',
  ].join('\n');
}

/**
 * The system prompt of each model call: the prompt layers (with the evolution strategy layer), the
 * tools section, the skills, the guidance of the active skills and the memory context, then the
 * background tasks still running. Without dynamic layers the rest depends only on which tools are
 * loaded and which skills are active, so it is composed again only when those change.
 */
export class SystemPrompt {
  private cache: { key: string; text: string } | undefined;

  constructor(
    private readonly config: SmartAgentConfig,
    private readonly extras: RunExtras,
    private readonly catalog: ToolCatalog,
  ) {}

  /** The prompt, with the background tasks still `running` listed last (never cached: their times change). */
  text(state: SavedState, loaded: ReadonlySet<string>, iteration: number, running: readonly RunningTask[] = []): string {
    const base = this.base(state, loaded, iteration);
    return running.length > 0 ? `${base}\n\n${runningTasksText(running, this.config.backgroundTasks)}` : base;
  }

  private base(state: SavedState, loaded: ReadonlySet<string>, iteration: number): string {
    const dynamic = this.config.prompt?.dynamicLayers !== undefined;
    const key = `${state.loadedTools.length}|${state.activeSkills.join(',')}`;
    if (!dynamic && this.cache?.key === key) return this.cache.text;
    const context = { goal: state.goal, iteration, toolNames: this.catalog.names(), activeSkills: [...state.activeSkills] };
    const layered = composePrompt(this.config.prompt, context, this.extras.strategyLayer ? [this.extras.strategyLayer] : []);
    const active = state.activeSkills.flatMap((name) => {
      const skill = this.extras.skills.find((candidate) => candidate.name === name);
      if (!skill) return [];
      const tools = skill.tools && skill.tools.length > 0 ? `\nPreferred tools: ${skill.tools.join(', ')}` : '';
      return [`## Active skill: ${skill.name}\n${skill.prompt}${tools}`];
    });
    const text = [layered, this.catalog.promptText(loaded), this.extras.skillsText, ...active, this.extras.memoryText]
      .filter((part) => part.trim() !== '')
      .join('\n\n');
    if (!dynamic) this.cache = { key, text };
    return text;
  }

  /** Drops the cached prompt: the state was replaced (by a checkpoint `onCheckpoint` returned), and the goal with it. */
  forget(): void {
    this.cache = undefined;
  }
}
