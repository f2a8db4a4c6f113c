/** An activatable strategy: guidance the model switches on with the `activate_skill` tool. */
export interface AgentSkill {
  /** Unique skill identifier. */
  name: string;
  description: string;
  /** When to use the skill, written for the model. */
  trigger: string;
  /** Guidance injected into the system prompt while the skill is active. */
  prompt: string;
  /** Tool names preferred while the skill is active. */
  tools?: string[];
  /** Who wrote it: a developer, or evolution (a promoted strategy). */
  source?: 'developer' | 'evolved';
  /** Effectiveness score from 0.0 to 1.0. */
  utility?: number;
  metadata?: Record<string, unknown>;
}
