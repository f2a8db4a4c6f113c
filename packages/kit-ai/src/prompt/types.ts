/** Where a prompt layer goes relative to the base prompt. */
export type PromptLayerPosition = 'prepend' | 'append' | 'replace_base';

/** One layer of the system prompt. Within a position, higher `priority` comes first (default 0), then declaration order. */
export interface PromptLayer {
  id: string;
  content: string;
  position: PromptLayerPosition;
  priority?: number;
}

/** What `dynamicLayers` receives each time the system prompt is composed. */
export interface PromptContext {
  goal: string;
  /** The iteration about to run (1-based). */
  iteration: number;
  /** Names of the tools and tasks the model can call now. */
  toolNames: string[];
  /** Names of the skills activated so far in the run. */
  activeSkills: string[];
}

/** The `prompt` field of `SmartAgentConfig`. */
export interface PromptComposerConfig {
  base?: string;
  layers?: PromptLayer[];
  dynamicLayers?: (context: PromptContext) => PromptLayer[];
}
