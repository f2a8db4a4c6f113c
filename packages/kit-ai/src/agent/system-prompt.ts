import { composePrompt } from '../prompt/compose.js';
import type { SmartAgentConfig } from './types.js';
import type { SavedState } from './checkpoint.js';
import type { RunExtras } from './run-extras.js';
import type { ToolCatalog } from './tool-catalog.js';

/**
 * The system prompt of each model call: the prompt layers (with the evolution strategy layer), the
 * tools section, the skills, the guidance of the active skills and the memory context. Without
 * dynamic layers it depends only on which tools are loaded and which skills are active, so it is
 * composed again only when those change.
 */
export class SystemPrompt {
  private cache: { key: string; text: string } | undefined;

  constructor(
    private readonly config: SmartAgentConfig,
    private readonly extras: RunExtras,
    private readonly catalog: ToolCatalog,
  ) {}

  text(state: SavedState, loaded: ReadonlySet<string>, iteration: number): string {
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
