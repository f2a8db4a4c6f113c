import { fileURLToPath } from 'node:url';
import { CreateKitAppError } from './create-kit-app-error.js';

/** A template the scaffolder can write. */
export interface TemplateInfo {
  readonly name: TemplateName;
  /** One line for the prompt and `--help`. */
  readonly description: string;
}

/**
 * Names of the templates, the default first.
 *
 * @example
 * ```ts
 * import { templateNames } from 'create-kit-app';
 *
 * console.log(`--template ${templateNames.join('|')}`);
 * ```
 */
export const templateNames = ['blank', 'tickets'] as const;

/** One of {@link templateNames}. */
export type TemplateName = (typeof templateNames)[number];

/**
 * The templates `create-kit-app` offers, the default (`blank`) first.
 *
 * @example
 * ```ts
 * import { templates } from 'create-kit-app';
 *
 * for (const template of templates) console.log(`${template.name}: ${template.description}`);
 * ```
 */
export const templates: readonly TemplateInfo[] = [
  { name: 'blank', description: 'the smallest app: one page, one API, a layout, a not-found page and a test' },
  {
    name: 'tickets',
    description:
      'a small help desk: tickets in SQLite with migrations, sign-in for people, API keys for agents, approval before an agent closes a ticket, MCP, tests',
  },
];

/** Whether `name` is a template name. */
export function isTemplateName(name: string): name is TemplateName {
  return (templateNames as readonly string[]).includes(name);
}

/** Checks a template name given by a user: an unknown one is an error listing the templates. */
export function templateNamed(name: string): TemplateName {
  if (isTemplateName(name)) return name;
  throw new CreateKitAppError(
    'unknown_template',
    `unknown template "${name}"; the templates are ${templates.map((template) => `${template.name} (${template.description})`).join(', ')}. Pass --template ${templateNames[0]}.`,
  );
}

/** The folder holding a template's files; src/ and dist/ both sit one level below the package's root. */
export function templateFolder(name: TemplateName): string {
  return fileURLToPath(new URL(`../../templates/${name}/`, import.meta.url));
}
