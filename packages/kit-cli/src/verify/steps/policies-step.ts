import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PolicyDefinition } from '@kit/kit-core';
import { count } from '../../cli/table.js';
import { isFolder } from '../../app/app-folder.js';
import { importTypeScript } from '../../app/import-typescript.js';
import type { LoadedBuild, VerifyStep } from '../verify-app.js';
import { error, outcome, skip, warning, type VerifyProblem } from '../verify-types.js';

const routeExports = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'default'];

interface PolicyUse {
  readonly file: string;
  readonly exportName: string;
  readonly policy: string;
}

function isPolicy(value: unknown): value is PolicyDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { key?: unknown }).key === 'string' &&
    typeof (value as { check?: unknown }).check === 'function'
  );
}

/** Every policy a route names: the route files' exports and the routes of kit.config.ts. */
function policyUses(loaded: LoadedBuild): PolicyUse[] {
  const uses: PolicyUse[] = [];
  for (const route of loaded.manifest.routes.routes) {
    if (route.kind !== 'api') continue;
    const module = loaded.modules.get(route.file) ?? {};
    for (const name of routeExports) {
      const policy = (module[name] as { policy?: unknown } | undefined)?.policy;
      if (typeof policy === 'string')
        uses.push({ file: `app/routes/${route.file}`, exportName: name === 'default' ? 'the default export' : name, policy });
    }
  }
  for (const [key, definition] of Object.entries(loaded.config?.routes ?? {})) {
    const policy = (definition as { policy?: unknown }).policy;
    if (typeof policy === 'string') uses.push({ file: 'kit.config.ts', exportName: key, policy });
  }
  return uses;
}

/** The policies the app is configured with: kit.config.ts `policies`, and those of its plugins. */
function configuredPolicies(loaded: LoadedBuild): PolicyDefinition[] {
  const config = loaded.config;
  return [...(config?.policies ?? []), ...(config?.plugins ?? []).flatMap((plugin) => plugin.policies ?? [])];
}

/** The policies defined in app/policies/*.ts, by key, with their file. */
async function policyFiles(root: string, problems: VerifyProblem[]): Promise<Map<string, string>> {
  const folder = join(root, 'app', 'policies');
  const found = new Map<string, string>();
  if (!isFolder(folder)) return found;
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.(test|spec|d)\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    const shown = relative(root, file);
    try {
      for (const value of Object.values(await importTypeScript(file)))
        if (isPolicy(value) && !found.has(value.key)) found.set(value.key, shown);
    } catch (cause) {
      problems.push(
        error(`importing it threw: ${cause instanceof Error ? cause.message : String(cause)}`, 'fix the policy file', { file: shown }),
      );
    }
  }
  return found;
}

/**
 * Step 6: every policy a route names is configured (listed in `policies` of kit.config.ts, or brought
 * by a plugin), no two configured policies share a key, and every policy defined in app/policies/ is
 * configured (a warning: no route can use it otherwise).
 */
export const policiesStep: VerifyStep = {
  name: 'policies',
  title: 'Policies',
  async run(app) {
    const loaded = app.loaded;
    if (!loaded) return skip('needs the app loaded by step 4');
    const problems: VerifyProblem[] = [];
    const configured = configuredPolicies(loaded);
    const keys = new Set<string>();
    for (const policy of configured) {
      if (keys.has(policy.key))
        problems.push(
          error(`two configured policies have the key "${policy.key}", and only one of them is used`, 'give each policy its own key', {
            file: 'kit.config.ts',
          }),
        );
      keys.add(policy.key);
    }
    const defined = await policyFiles(app.root, problems);
    const uses = policyUses(loaded);
    for (const use of uses) {
      if (keys.has(use.policy)) continue;
      const file = defined.get(use.policy);
      const fix =
        file === undefined
          ? `create it with kit add policy ${use.policy}, then list it in policies of kit.config.ts`
          : `import it from './${file.replace(/\.ts$/, '.js')}' in kit.config.ts and add it to policies`;
      problems.push(error(`${use.exportName} names policy "${use.policy}", which the app is not configured with`, fix, { file: use.file }));
    }
    for (const [key, file] of defined) {
      if (!keys.has(key))
        problems.push(
          warning(
            `policy "${key}" is defined but not listed in policies of kit.config.ts, so no route can use it`,
            `add it to policies in kit.config.ts, or delete ${file}`,
            { file },
          ),
        );
    }
    const named = new Set(uses.map((use) => use.policy));
    return outcome(
      `${count(configured.length, 'policy', 'policies')} configured; routes name ${count(named.size, 'policy', 'policies')}`,
      problems,
    );
  },
};
