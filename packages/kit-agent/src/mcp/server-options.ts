import { KitAIError } from '@kit/kit-ai';
import type { McpPrompt } from './prompts.js';
import { compileTemplates, type CompiledTemplate, type McpResourceTemplate } from './resources.js';

function invalid(message: string): KitAIError {
  return new KitAIError('invalid_config', `createMcpServer: ${message}`);
}

function duplicates(names: readonly string[]): string[] {
  return [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
}

/** Checks the prompts: names present and unique, argument names unique, a `render` function. */
export function checkPrompts(prompts: readonly McpPrompt[]): void {
  for (const [index, prompt] of prompts.entries()) {
    if (typeof prompt.name !== 'string' || prompt.name === '')
      throw invalid(`prompts[${index}].name must be a non-empty string, got ${JSON.stringify(prompt.name)}`);
    if (typeof prompt.render !== 'function')
      throw invalid(`prompt "${prompt.name}" needs a render(args) function returning its text or messages`);
    const twice = duplicates((prompt.arguments ?? []).map((argument) => argument.name));
    if (twice.length > 0)
      throw invalid(`prompt "${prompt.name}" declares the argument "${twice[0]}" twice; give each argument its own name`);
  }
  const twice = duplicates(prompts.map((prompt) => prompt.name));
  if (twice.length > 0) throw invalid(`two prompts are named "${twice[0]}"; give each prompt its own name`);
}

/** Parses the templates, reporting a malformed one by its index and the parser's reason. */
export function checkTemplates(templates: readonly McpResourceTemplate[]): CompiledTemplate[] {
  templates.forEach((template, index) => {
    if (typeof template.uriTemplate !== 'string' || template.uriTemplate === '') {
      throw invalid(
        `resourceTemplates[${index}].uriTemplate must be an RFC 6570 URI template such as "notes://{id}", got ${JSON.stringify(template.uriTemplate)}`,
      );
    }
  });
  const twice = duplicates(templates.map((template) => template.uriTemplate));
  if (twice.length > 0) throw invalid(`the resource template "${twice[0]}" is given twice; keep one`);
  try {
    return compileTemplates(templates);
  } catch (error) {
    throw invalid(`a resource template is not a valid RFC 6570 URI template (${(error as Error).message}); fix its uriTemplate`);
  }
}
