import type { LLMToolDefinition } from '../llm/types.js';
import type { Callable } from './callable.js';
import { closeNames } from './close-names.js';

/** The name of the meta-tool that loads deferred tool definitions. */
export const LOAD_TOOLS = 'load_tools';

/** The schema sent for a tool that declares no parameters: an object with no required fields. */
const EMPTY_SCHEMA: Record<string, unknown> = { type: 'object', properties: {} };

function oneLine(text: string): string {
  const first = text.trim().split('\n')[0] ?? '';
  return first.length > 160 ? `${first.slice(0, 157)}...` : first;
}

function definitionOf(callable: Callable): LLMToolDefinition {
  return { name: callable.name, description: callable.description, parameters: callable.parameters ?? EMPTY_SCHEMA };
}

/**
 * The tools and tasks a run can call, and how they are shown to the model. With more user tools
 * and tasks than `deferThreshold`, the catalogue is deferred: the prompt lists names and one-line
 * descriptions, and `LLMOptions.tools` carries only meta tools and the tools loaded with
 * `load_tools`. Outputs are cached per set of loaded names, since they are asked for on every call.
 */
export class ToolCatalog {
  readonly deferred: boolean;
  private readonly byName = new Map<string, Callable>();
  private readonly entries: Callable[];
  private cacheKey: string | undefined;
  private cachedDefinitions: LLMToolDefinition[] = [];
  private cachedText = '';

  /** `callables` are the user's tools and tasks followed by meta tools; `deferThreshold` counts only the user's. */
  constructor(callables: readonly Callable[], deferThreshold?: number) {
    this.entries = [...callables];
    for (const callable of callables) this.byName.set(callable.name, callable);
    const userCount = callables.filter((callable) => !callable.alwaysLoaded).length;
    this.deferred = deferThreshold !== undefined && userCount > deferThreshold;
  }

  get(name: string): Callable | undefined {
    return this.byName.get(name);
  }

  /** Every name the model may call, in declaration order. */
  names(): string[] {
    return this.entries.map((callable) => callable.name);
  }

  /** Names the model has full definitions of right now. */
  visibleNames(loaded: ReadonlySet<string>): string[] {
    return this.visible(loaded).map((callable) => callable.name);
  }

  /** The `LLMOptions.tools` of a call. */
  definitions(loaded: ReadonlySet<string>): LLMToolDefinition[] {
    this.refresh(loaded);
    return this.cachedDefinitions;
  }

  /** The tools section of the system prompt: the text call format and the catalogue. Empty without tools. */
  promptText(loaded: ReadonlySet<string>): string {
    this.refresh(loaded);
    return this.cachedText;
  }

  /** The error text for a name that is not in the catalogue, naming close names or the available ones. */
  unknownNameMessage(name: string): string {
    const close = closeNames(name, this.names());
    const hint =
      close.length > 0
        ? `Did you mean ${close.map((candidate) => `"${candidate}"`).join(' or ')}?`
        : `The available tools are: ${this.names().join(', ')}.`;
    return `Unknown tool "${name}". ${hint} Call a tool by its exact name.`;
  }

  private visible(loaded: ReadonlySet<string>): Callable[] {
    return this.deferred ? this.entries.filter((callable) => callable.alwaysLoaded || loaded.has(callable.name)) : this.entries;
  }

  private refresh(loaded: ReadonlySet<string>): void {
    const key = this.deferred ? [...loaded].sort().join('\u0000') : '';
    if (key === this.cacheKey) return;
    this.cacheKey = key;
    const visible = this.visible(loaded);
    this.cachedDefinitions = visible.map(definitionOf);
    this.cachedText = this.render(visible);
  }

  private render(visible: readonly Callable[]): string {
    if (this.entries.length === 0) return '';
    const label = (callable: Callable): string => (callable.kind === 'task' ? `${callable.name} (task)` : callable.name);
    const full = visible.map(
      (callable) =>
        `- ${label(callable)}: ${oneLine(callable.description)}\n  Arguments (JSON Schema): ${JSON.stringify(callable.parameters ?? EMPTY_SCHEMA)}`,
    );
    const lines = [
      '## Tools',
      'To call a tool, reply with a JSON object {"tool": "<name>", "arguments": {...}}, or a JSON array of such objects to make several calls at once, either as your whole reply or inside one ```json fenced block. Tasks are called the same way, by task name. The results come back in the next message. When you can answer, reply with the answer and no tool call.',
      '',
      ...full,
    ];
    if (this.deferred) {
      const hidden = this.entries.filter((callable) => !visible.includes(callable));
      if (hidden.length > 0) {
        lines.push(
          '',
          `More tools, listed by name only: call ${LOAD_TOOLS} with {"names": [...]} to get their definitions before using them.`,
          ...hidden.map((callable) => `- ${label(callable)}: ${oneLine(callable.description)}`),
        );
      }
    }
    return lines.join('\n');
  }
}
