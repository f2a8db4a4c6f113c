import type { CallOutcome } from './call-outcome.js';
import type { SavedState } from './checkpoint.js';
import { isLoadToolsResult } from './load-tools.js';
import { LOAD_TOOLS, type ToolCatalog } from './tool-catalog.js';

/**
 * What successful meta-tool calls change in the run's state, which the next model call sees:
 * `load_tools` adds the definitions it returned to `loadedTools` (deferred catalogues only), and
 * `activate_skill` adds its skill to `activeSkills` and, in a deferred catalogue, loads the skill's
 * preferred tools that exist. `skillsOffered` says whether this run has the `activate_skill` meta-tool:
 * without it a user tool may bear that name, and its results change nothing.
 */
export function applyCallEffects(ran: readonly CallOutcome[], state: SavedState, catalog: ToolCatalog, skillsOffered: boolean): void {
  const load = (name: string): void => {
    if (!state.loadedTools.includes(name)) state.loadedTools.push(name);
  };
  for (const item of ran) {
    if (item.status !== 'success') continue;
    if (item.call.name === LOAD_TOOLS && catalog.deferred && isLoadToolsResult(item.value)) {
      for (const definition of item.value.loaded) load(definition.name);
    } else if (item.call.name === 'activate_skill' && skillsOffered) {
      const activation = item.value as { skill?: unknown; tools?: unknown };
      if (typeof activation?.skill !== 'string') continue;
      if (!state.activeSkills.includes(activation.skill)) state.activeSkills.push(activation.skill);
      if (catalog.deferred && Array.isArray(activation.tools)) {
        for (const name of activation.tools) if (typeof name === 'string' && catalog.get(name)) load(name);
      }
    }
  }
}
