import { cancel, confirm, intro, isCancel, select, text } from '@clack/prompts';
import { templates, type TemplateName } from '../scaffold/templates.js';

/** The answers of the interactive run, or null when the developer cancelled. */
export interface Answers {
  readonly directory: string;
  readonly template: TemplateName;
  readonly install: boolean;
}

/** Asks for the folder, the template and whether to install, on the terminal. */
export async function askForOptions(version: string): Promise<Answers | null> {
  intro(`create-kit-app ${version}`);
  const directory = await text({
    message: 'Where should the app go?',
    placeholder: 'my-kit-app',
    defaultValue: 'my-kit-app',
    validate: (value) => (value !== undefined && /[\0]/.test(value) ? 'A folder name cannot hold a NUL character.' : undefined),
  });
  if (isCancel(directory)) return cancelled();
  const template = await select<TemplateName>({
    message: 'Which template?',
    options: templates.map((entry) => ({ value: entry.name, label: entry.name, hint: entry.description })),
    initialValue: 'blank',
  });
  if (isCancel(template)) return cancelled();
  const install = await confirm({ message: 'Install the dependencies now?', initialValue: true });
  if (isCancel(install)) return cancelled();
  return { directory: directory.trim() === '' ? 'my-kit-app' : directory.trim(), template, install };
}

function cancelled(): null {
  cancel('Cancelled: nothing was written.');
  return null;
}
