import type { LLMToolDefinition } from '../llm/types.js';
import type { Callable } from './callable.js';
import { LOAD_TOOLS, type ToolCatalog } from './tool-catalog.js';

/** What `load_tools` returns to the model: the definitions it asked for, and names it got wrong. */
export interface LoadToolsResult {
  loaded: LLMToolDefinition[];
  unknown: string[];
}

/** Whether a value is the result of a successful `load_tools` call. */
export function isLoadToolsResult(value: unknown): value is LoadToolsResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as LoadToolsResult).loaded) &&
    Array.isArray((value as LoadToolsResult).unknown)
  );
}

/**
 * The meta-tool of a deferred catalogue. It returns full definitions (so a model without native
 * tool calling reads the schemas in the result), and the loop adds the loaded names to the run's
 * `loadedTools`, so native definitions follow from the next call on. `catalog` is read lazily
 * because the catalogue itself contains this tool.
 */
export function loadToolsCallable(catalog: () => ToolCatalog): Callable {
  return {
    kind: 'tool',
    name: LOAD_TOOLS,
    description:
      'Loads the full definitions (description and JSON Schema of the arguments) of tools listed by name only, so they can be called.',
    parameters: {
      type: 'object',
      properties: { names: { type: 'array', items: { type: 'string' }, minItems: 1, description: 'Names of the tools to load.' } },
      required: ['names'],
      additionalProperties: false,
    },
    concurrencySafe: true,
    failureMode: 'soft',
    timeout: undefined,
    taskKind: 'custom',
    validate: undefined,
    alwaysLoaded: true,
    invoke: async (args) => {
      const names = args.names as string[];
      const result: LoadToolsResult = { loaded: [], unknown: [] };
      for (const name of new Set(names)) {
        const callable = catalog().get(name);
        if (!callable || callable.alwaysLoaded) result.unknown.push(name);
        else
          result.loaded.push({
            name: callable.name,
            description: callable.description,
            parameters: callable.parameters ?? { type: 'object', properties: {} },
          });
      }
      return result;
    },
  };
}
