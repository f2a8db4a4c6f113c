import type { PromptComposerConfig, PromptContext, PromptLayer } from './types.js';

/**
 * Orders layers of one position: higher `priority` first (default 0), ties in declaration order.
 * `Array.prototype.sort` is stable, so declaration order survives among equal priorities.
 */
function byPriority(layers: readonly PromptLayer[]): PromptLayer[] {
  return [...layers].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
}

/**
 * Joins a base prompt and layers into one text: `prepend` layers, then the base (or the content of
 * the highest-priority `replace_base` layer, the first declared on a tie), then `append` layers.
 * Parts are separated by a blank line; empty parts are left out.
 */
export function composeLayers(base: string | undefined, layers: readonly PromptLayer[]): string {
  const prepend = byPriority(layers.filter((layer) => layer.position === 'prepend'));
  const append = byPriority(layers.filter((layer) => layer.position === 'append'));
  const replacement = byPriority(layers.filter((layer) => layer.position === 'replace_base'))[0];
  const core = replacement ? replacement.content : (base ?? '');
  return [...prepend.map((layer) => layer.content), core, ...append.map((layer) => layer.content)]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join('\n\n');
}

/**
 * Composes the system prompt of one LLM call from a `PromptComposerConfig`: static `layers`, then
 * `extraLayers` (layers the agent adds itself, such as the evolution strategy layer), then the
 * layers `dynamicLayers` returns for `context`, all ordered by `composeLayers`. Dynamic layers are
 * recomputed on every call, so they can depend on the iteration or the active skills.
 */
export function composePrompt(
  config: PromptComposerConfig | undefined,
  context: PromptContext,
  extraLayers: readonly PromptLayer[] = [],
): string {
  const dynamic = config?.dynamicLayers ? config.dynamicLayers(context) : [];
  return composeLayers(config?.base, [...(config?.layers ?? []), ...extraLayers, ...dynamic]);
}
