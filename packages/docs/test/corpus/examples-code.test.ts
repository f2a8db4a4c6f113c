import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cliProblems, documentedCliCommands, importProblems, syntaxErrors } from './examples-code.js';
import { readExamples } from './examples-files.js';
import { buildPackageNames, frameworkPackageOf, readFrameworkReference, type FrameworkPackage, type PackageNames } from './examples-reference.js';
import { exportedNames, implementedPackages } from './examples-typecheck.js';

/**
 * The names an example may import: those the reference documents, and, for the packages this repository
 * implements, every name their entry file exports (the corpus documents the code, including names the
 * reference gives only by role, such as the provider factories, or leaves to the implementation, such as
 * kit-cron's and kit-ops's).
 */
function importableNames(): PackageNames {
  const names = new Map<FrameworkPackage, Set<string>>([...buildPackageNames(readFrameworkReference())].map(([pkg, set]) => [pkg, new Set(set)]));
  for (const [specifier, entry] of implementedPackages) {
    const pkg = frameworkPackageOf(specifier);
    if (!pkg) continue;
    const known = names.get(pkg) ?? new Set<string>();
    for (const name of exportedNames(entry)) known.add(name);
    names.set(pkg, known);
  }
  return names;
}

const examples = readExamples();
const typescriptExamples = examples.filter((example) => example.extension !== '.sh');
const shellExamples = examples.filter((example) => example.extension === '.sh');

describe('the package -> names map built from the framework reference', () => {
  const names = buildPackageNames(readFrameworkReference());

  it('finds the documented exports of each library package', () => {
    const expectations: Record<string, string[]> = {
      'kit-ai': ['createSmartAgent', 'AgentTool', 'LLMProvider', 'defineSkill', 'BuiltinMemoryBackend', 'SqliteEvolutionStore', 'think', 'generateStream', 'SmartAgentHooks'],
      'kit-agent': ['createMcpServer', 'createMcpClient', 'createA2AHandler', 'generateAgentCard', 'toLangChainTools'],
      'kit-core': ['defineAPI', 'defineConfig', 'definePolicy', 'enforcePolicies', 'defineMiddleware', 'env', 'createKitApp', 'KitContext', 'RedisStore'],
      'kit-db': ['defineModel', 'id', 'enum', 'vector', 'belongsTo', 'manyToMany', 'generateCrudRoutes', 'vectorSearch'],
      'kit-auth': ['signSession', 'verifySession', 'generateApiKey', 'verifyApiKey', 'createAuthMiddleware', 'checkPermission'],
      'kit-router': ['scanRoutes', 'matchRoute'],
      'kit-react': ['Outlet', 'useLoaderData', 'ServerOnly', 'Link', 'useRouter', 'withViewTransition'],
      'kit-dev': ['createDevServer'],
    };
    for (const [pkg, expected] of Object.entries(expectations)) {
      const found = names.get(pkg as never) ?? new Set<string>();
      expect(expected.filter((name) => !found.has(name)), pkg).toEqual([]);
    }
  });

  it('keeps each package to its own names', () => {
    expect(names.get('kit-core')?.has('createSmartAgent')).toBe(false);
    expect(names.get('kit-ai')?.has('defineAPI')).toBe(false);
    expect(names.get('kit-agent')?.has('LLMProvider')).toBe(false);
    for (const pkg of ['kit-cli', 'kit-cron', 'kit-ops', 'create-kit-app'] as const) expect(names.get(pkg)?.size, pkg).toBe(0);
  });
});

describe('TypeScript examples', () => {
  const documented = importableNames();

  it.each(typescriptExamples.map((example) => [example.fileName, example] as const))('%s parses without syntax errors', (_name, example) => {
    expect(syntaxErrors(example)).toEqual([]);
  });

  it.each(typescriptExamples.map((example) => [example.fileName, example] as const))(
    '%s imports only names the reference documents or the implemented package exports',
    (_name, example) => {
      expect(importProblems(example, documented)).toEqual([]);
    },
  );
});

describe('shell examples', () => {
  const commands = documentedCliCommands(readFrameworkReference());

  it('reads the kit commands from the reference', () => {
    expect([...commands.keys()].sort()).toEqual(
      ['add', 'build', 'db:migrate', 'db:push', 'db:status', 'deploy:init', 'dev', 'mcp', 'ops:events', 'ops:health', 'ops:incidents', 'ops:tail', 'start', 'verify'].sort(),
    );
    expect(commands.get('add')?.subcommands).toEqual(['api', 'page', 'model', 'policy']);
    expect(commands.get('deploy:init')?.flags).toEqual(['--target']);
  });

  it.each(shellExamples.map((example) => [example.fileName, example] as const))('%s is valid bash and runs only documented kit commands', (_name, example) => {
    // bash -n parses without executing; it exits non-zero with the error on stderr.
    expect(() => execFileSync('bash', ['-n', example.path], { stdio: 'pipe' })).not.toThrow();
    expect(cliProblems(example, commands)).toEqual([]);
  });
});
