import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cliProblems, documentedCliCommands, importProblems, syntaxErrors } from './examples-code.js';
import { readExamples } from './examples-files.js';
import { buildPackageNames, frameworkPackageOf, type FrameworkPackage, type PackageNames } from './examples-reference.js';
import { referenceCommands, referencePackageNames } from './reference-data.js';
import { exportedNames, implementedPackages } from './examples-typecheck.js';

/**
 * The names an example may import: those the reference documents, and, for the packages this repository
 * implements, every name their entry file exports (the corpus documents the code, including names the
 * reference gives only by role, such as the provider factories, or leaves to the implementation, such as
 * kit-cron's and kit-ops's).
 */
function importableNames(): PackageNames {
  const names = new Map<FrameworkPackage, Set<string>>([...referencePackageNames()].map(([pkg, set]) => [pkg, new Set(set)]));
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

describe('the package -> names map of the framework reference (reference-names.json)', () => {
  const names = referencePackageNames();

  it('finds the documented exports of each library package', () => {
    const expectations: Record<string, string[]> = {
      'kit-ai': [
        'createSmartAgent',
        'AgentTool',
        'LLMProvider',
        'defineSkill',
        'BuiltinMemoryBackend',
        'SqliteEvolutionStore',
        'think',
        'generateStream',
        'SmartAgentHooks',
      ],
      'kit-agent': ['createMcpServer', 'createMcpClient', 'createA2AHandler', 'generateAgentCard', 'toLangChainTools'],
      'kit-core': [
        'defineAPI',
        'defineConfig',
        'definePolicy',
        'enforcePolicies',
        'defineMiddleware',
        'env',
        'createKitApp',
        'KitContext',
        'RedisStore',
      ],
      'kit-db': ['defineModel', 'id', 'enum', 'vector', 'belongsTo', 'manyToMany', 'generateCrudRoutes', 'vectorSearch'],
      'kit-auth': ['signSession', 'verifySession', 'generateApiKey', 'verifyApiKey', 'createAuthMiddleware', 'checkPermission'],
      'kit-router': ['scanRoutes', 'matchRoute'],
      'kit-react': ['Outlet', 'useLoaderData', 'ServerOnly', 'Link', 'useRouter', 'withViewTransition'],
      'kit-dev': ['createDevServer'],
    };
    for (const [pkg, expected] of Object.entries(expectations)) {
      const found = names.get(pkg as never) ?? new Set<string>();
      expect(
        expected.filter((name) => !found.has(name)),
        pkg,
      ).toEqual([]);
    }
  });

  it('keeps each package to its own names', () => {
    expect(names.get('kit-core')?.has('createSmartAgent')).toBe(false);
    expect(names.get('kit-ai')?.has('defineAPI')).toBe(false);
    expect(names.get('kit-agent')?.has('LLMProvider')).toBe(false);
    for (const pkg of ['kit-cli', 'kit-cron', 'kit-ops', 'create-kit-app'] as const) expect(names.get(pkg)?.size, pkg).toBe(0);
  });
});

describe('the parsers that make reference-names.json (run by scripts/refresh-reference-names.ts)', () => {
  // A reference cut down to one line or row per part the parsers tell apart.
  const reference = [
    '| Package | Role |',
    '|---|---|',
    '| kit-dev | Dev server: `createDevServer()` |',
    '',
    '### SmartAgentConfig',
    '| Field | Type |',
    '|---|---|',
    '| tools | `AgentTool[]` |',
    '### Core definitions',
    '`defineAPI(def)` returns an `APIDefinition`.',
    '### Functions',
    '| Function | Behavior |',
    '|---|---|',
    '| createSmartAgent(config) | Builds an agent |',
    '| defineAPI(def) | Declares a route |',
    '| defineModel(def) | Declares a model |',
    '| scanRoutes(dir) | Reads the routes folder |',
    '',
    'Machine surfaces: `createMcpServer()` and `createA2AHandler()`.',
    '### Command-line program',
    '| Command | Effect |',
    '|---|---|',
    '| kit verify | Runs the checks |',
    '| kit add api, page or model `<name>` | Scaffolds |',
    '| kit deploy:init --target `<target>` | Writes deployment files |',
    '| kit ops:events, ops:tail | Reads events |',
    '',
    '## 5. Authentication',
    '`signSession()` signs a session.',
  ].join('\n');

  it('buildPackageNames gives each part of the reference to its package', () => {
    const names = buildPackageNames(reference);
    const sorted = (pkg: FrameworkPackage) => [...(names.get(pkg) ?? [])].sort();
    expect(sorted('kit-dev')).toEqual(['createDevServer']);
    expect(sorted('kit-ai')).toEqual(expect.arrayContaining(['AgentTool', 'createSmartAgent']));
    expect(sorted('kit-core')).toEqual(expect.arrayContaining(['APIDefinition', 'defineAPI']));
    expect(sorted('kit-db')).toEqual(['defineModel']);
    expect(sorted('kit-router')).toEqual(['scanRoutes']);
    expect(sorted('kit-agent')).toEqual(['createA2AHandler', 'createMcpServer']);
    expect(sorted('kit-auth')).toEqual(['signSession']);
    expect(sorted('kit-ai')).not.toContain('defineAPI');
  });

  it('documentedCliCommands reads commands, subcommands and flags from the command table', () => {
    expect([...documentedCliCommands(reference).values()]).toEqual([
      { name: 'verify', subcommands: [], flags: [] },
      { name: 'add', subcommands: ['api', 'page', 'model'], flags: [] },
      { name: 'deploy:init', subcommands: [], flags: ['--target'] },
      { name: 'ops:events', subcommands: [], flags: [] },
      { name: 'ops:tail', subcommands: [], flags: [] },
    ]);
  });
});

describe('TypeScript examples', () => {
  const documented = importableNames();

  it.each(typescriptExamples.map((example) => [example.fileName, example] as const))(
    '%s parses without syntax errors',
    (_name, example) => {
      expect(syntaxErrors(example)).toEqual([]);
    },
  );

  it.each(typescriptExamples.map((example) => [example.fileName, example] as const))(
    '%s imports only names the reference documents or the implemented package exports',
    (_name, example) => {
      expect(importProblems(example, documented)).toEqual([]);
    },
  );
});

describe('shell examples', () => {
  const commands = referenceCommands();

  it('reads the kit commands from the reference', () => {
    expect([...commands.keys()].sort()).toEqual(
      [
        'add',
        'build',
        'db:migrate',
        'db:push',
        'db:status',
        'deploy:init',
        'dev',
        'mcp',
        'ops:events',
        'ops:health',
        'ops:incidents',
        'ops:tail',
        'start',
        'verify',
      ].sort(),
    );
    expect(commands.get('add')?.subcommands).toEqual(['api', 'page', 'model', 'policy']);
    expect(commands.get('deploy:init')?.flags).toEqual(['--target']);
  });

  it.each(shellExamples.map((example) => [example.fileName, example] as const))(
    '%s is valid bash and runs only documented kit commands',
    (_name, example) => {
      // bash -n parses without executing; it exits non-zero with the error on stderr.
      expect(() => execFileSync('bash', ['-n', example.path], { stdio: 'pipe' })).not.toThrow();
      expect(cliProblems(example, commands)).toEqual([]);
    },
  );
});
