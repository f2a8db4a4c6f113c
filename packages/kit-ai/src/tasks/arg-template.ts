import { KitAIError } from '../errors/kit-ai-error.js';
import type { ToolArgs } from '../tools/types.js';

/** `{name}` in a template item; `{{` and `}}` stand for literal braces. */
const placeholderPattern = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const wholePlaceholder = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The placeholder names of a template, in order of first appearance. */
export function templatePlaceholders(template: readonly string[]): string[] {
  const names: string[] = [];
  for (const item of template) {
    for (const match of item.matchAll(placeholderPattern)) {
      const name = match[1];
      if (name !== undefined && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

function scalarText(label: string, name: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === undefined || value === null) {
    throw new KitAIError(
      'invalid_arguments',
      `${label}: the argument "${name}" is missing, but the command template uses {${name}}; pass it in the call.`,
      {
        issues: [{ path: name, message: `${name} is required` }],
      },
    );
  }
  // Objects reach the command as JSON text: one argv item, never parsed by a shell.
  return JSON.stringify(value);
}

/**
 * Expands an argument template into argv items. Each template item gives exactly one argv item, with every
 * `{name}` replaced by the call's argument `name` (strings as they are, numbers and booleans as text, objects
 * as JSON), except an item that is exactly `{name}` whose argument is an array: it gives one argv item per
 * element. Values are never split on spaces or read by a shell. A missing argument throws
 * `KitAIError('invalid_arguments')`.
 */
export function expandTemplate(label: string, template: readonly string[], args: ToolArgs): string[] {
  const argv: string[] = [];
  for (const item of template) {
    const whole = wholePlaceholder.exec(item);
    const wholeName = whole?.[1];
    if (wholeName !== undefined && Array.isArray(args[wholeName])) {
      for (const element of args[wholeName] as unknown[]) argv.push(scalarText(label, wholeName, element));
      continue;
    }
    argv.push(
      item.replace(placeholderPattern, (match: string, name: string | undefined) => {
        if (name === undefined) return match === '{{' ? '{' : '}';
        const value = args[name];
        if (Array.isArray(value)) {
          throw new KitAIError(
            'invalid_arguments',
            `${label}: the argument "${name}" is a list, but {${name}} is part of a longer template item; a list can only fill an item that is exactly {${name}}.`,
            {
              issues: [{ path: name, message: `${name} must not be a list here` }],
            },
          );
        }
        return scalarText(label, name, value);
      }),
    );
  }
  return argv;
}

/** The default `parameters` of a shell task: one required property per placeholder, a scalar or a list of scalars. */
export function templateSchema(template: readonly string[]): Record<string, unknown> {
  const names = templatePlaceholders(template);
  const scalar = { type: ['string', 'number', 'boolean'] };
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { anyOf: [scalar, { type: 'array', items: scalar }] }])),
    required: names,
    additionalProperties: false,
  };
}
