import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { scanRoutes, type RouteManifest } from '@kit/kit-router';
import { failure, usageError } from '../cli/cli-error.js';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { orList, suggestions } from '../cli/suggest.js';
import { isFile, isFolder, requireAppFolder } from '../app/app-folder.js';
import { addKinds, parseName, type AddKind } from './names.js';
import { apiScaffold, modelScaffold, pageScaffold, policyScaffold, type Scaffold } from './templates.js';

const routesFolder = 'app/routes';

function scaffoldFor(kind: AddKind, name: string): Scaffold {
  const segments = parseName(kind, name);
  if (kind === 'api') return apiScaffold(name.replace(/^\/*(api\/)?/, '').replace(/\/+$/, ''), segments);
  if (kind === 'page') return pageScaffold(name.replace(/^\/+|\/+$/g, ''), segments);
  if (kind === 'model') return modelScaffold(name.trim());
  return policyScaffold(name.trim());
}

async function routeManifest(root: string): Promise<RouteManifest | null> {
  const folder = join(root, routesFolder);
  return isFolder(folder) ? scanRoutes(folder) : null;
}

/** Packages the new file imports that the app cannot resolve: they are named with the install command. */
function missingPackages(root: string, names: readonly string[]): string[] {
  const require = createRequire(join(root, 'package.json'));
  return names.filter((name) => {
    try {
      require.resolve(`${name}/package.json`);
      return false;
    } catch {
      try {
        require.resolve(name);
        return false;
      } catch {
        return true;
      }
    }
  });
}

async function run(context: CommandContext) {
  const [kindText, name] = context.positionals as [string, string];
  if (!(addKinds as readonly string[]).includes(kindText)) {
    const close = suggestions(kindText, addKinds);
    throw usageError(
      `unknown kind "${kindText}"${close.length > 0 ? `; did you mean ${close[0]}?` : ';'} kit add creates ${orList([...addKinds])}: kit add api hello`,
    );
  }
  const kind = kindText as AddKind;
  const scaffold = scaffoldFor(kind, name);
  requireAppFolder(context.root);
  const file = join(context.root, scaffold.path);
  if (isFile(file) || isFolder(file))
    throw failure(`${scaffold.path} already exists; kit add never overwrites a file: choose another name, or delete the file first`);
  if (scaffold.pattern !== null) {
    const taken = (await routeManifest(context.root))?.routes.find((route) => route.pattern === scaffold.pattern);
    if (taken)
      throw failure(`${scaffold.pattern} is already served by ${routesFolder}/${taken.file}; choose another name, or change that file`);
  }
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, scaffold.content, { flag: 'wx' });
  if (scaffold.pattern !== null) {
    // The router has the last word on route files: one it would refuse is taken back at once.
    const manifest = await routeManifest(context.root);
    const inRoutes = relative(join(context.root, routesFolder), file).split('\\').join('/');
    const refused = manifest?.diagnostics.find((diagnostic) => diagnostic.severity === 'error' && diagnostic.files.includes(inRoutes));
    if (refused) {
      await rm(file, { force: true });
      throw failure(`the router refuses ${scaffold.path} (${refused.code}): ${refused.message}. ${refused.fix} Nothing was written.`);
    }
  }
  context.out(`${context.style.out.green('Created')} ${scaffold.path}: ${scaffold.what}`);
  for (const line of scaffold.next) context.out(line);
  const missing = missingPackages(context.root, scaffold.imports);
  if (missing.length > 0)
    context.err(
      context.style.err.yellow(
        `Note: ${scaffold.path} imports ${orList(missing)}, which the app does not have yet: npm install ${missing.join(' ')}`,
      ),
    );
  return exitCodes.ok;
}

/** `kit add`. */
export const addCommand: CommandSpec = {
  name: 'add',
  group: 'Scaffold and deploy',
  summary: 'Scaffolds a new api, page, model or policy',
  usage: 'add <api|page|model|policy> <name> [options]',
  description: `Creates one file from kit's conventions, ready for the router, kit verify and kit dev at once:
  api <name>     app/routes/api/<name>.api.ts: a GET route (defineAPI) with zod input and output schemas
  page <name>    app/routes/<name>.page.tsx: a page component with its <title>
  model <name>   app/models/<name>.ts: a defineModel with an id, a title and a creation time
  policy <name>  app/policies/<name>.ts: a definePolicy that denies callers who are not signed in
Names are kebab case (owner-only) or camel case (ownerOnly). Api and page names may be nested
(admin/users) and hold [param] segments (tickets/[id]) and (group) folders. kit add never overwrites
a file, nor adds a route whose URL another file already serves (exit 1).`,
  positionals: [
    { name: 'kind', required: true, description: 'api, page, model or policy' },
    { name: 'name', required: true, description: 'kebab or camel case; api and page names may be nested: admin/users, tickets/[id]' },
  ],
  options: [],
  examples: [
    'kit add api hello',
    'kit add api admin/users',
    "kit add page 'tickets/[id]'",
    'kit add model ticket',
    'kit add policy owner-only',
  ],
  run,
};
