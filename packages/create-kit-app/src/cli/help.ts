import { templates } from '../scaffold/templates.js';

/** The text of `create-kit-app --help`. */
export function helpText(): string {
  const width = Math.max(...templates.map((template) => template.name.length));
  return `Usage: create-kit-app <dir> [options]

Creates a kit app in <dir> (a new or empty folder) and installs its dependencies.
Run without arguments in a terminal to be asked for each choice.

Options:
  -t, --template <name>       the template (default: blank)
      --no-install            write the files only; run the install yourself
      --package-manager <pm>  npm, pnpm, yarn or bun (default: the one that started create-kit-app, else npm)
      --link <repo>           link a kit repository's packages instead of installing (env KIT_LINK_WORKSPACE)
  -h, --help                  this help
  -v, --version               the version (also the kit version the app depends on)

Templates:
${templates.map((template) => `  ${template.name.padEnd(width)}  ${template.description}`).join('\n')}

Examples:
  npx create-kit-app my-app
  npx create-kit-app my-app --template blank --no-install
`;
}
