/** The twelve packages of the framework, by role name (`kit-core` is `@kit/kit-core`). */
export const frameworkPackages = [
  'kit-ai',
  'kit-agent',
  'kit-core',
  'kit-db',
  'kit-auth',
  'kit-router',
  'kit-react',
  'kit-cli',
  'kit-cron',
  'kit-ops',
  'kit-dev',
  'create-kit-app',
] as const;
export type FrameworkPackage = (typeof frameworkPackages)[number];

/** Package name to the names the reference documents as part of it. */
export type PackageNames = ReadonlyMap<FrameworkPackage, ReadonlySet<string>>;

/**
 * Names the reference describes only by their role, not in a part of the text that belongs to one
 * package. Each says where it belongs and why.
 */
export const namesByRole: readonly { name: string; pkg: FrameworkPackage; reason: string }[] = [
  {
    name: 'KitContext',
    pkg: 'kit-core',
    reason: 'the per-request context that APIDefinition.handler and PolicyDefinition.check receive; both are kit-core definitions',
  },
  { name: 'KitConfig', pkg: 'kit-core', reason: 'the argument of defineConfig and createKitApp, both kit-core functions' },
  { name: 'MiddlewareDefinition', pkg: 'kit-core', reason: 'what defineMiddleware (kit-core) returns' },
  { name: 'PolicyCheckResult', pkg: 'kit-core', reason: 'what PolicyDefinition.check (kit-core) resolves with' },
  {
    name: 'CapabilityRegistry',
    pkg: 'kit-core',
    reason: 'collects the defineAPI routes of the server; kit-core holds the server and routing primitives, kit-agent only projects it',
  },
];

/** Words the rules pick up that belong to TypeScript or to prose, not to the framework. */
const notFrameworkNames: readonly string[] = [
  'AsyncIterable', // "returns AsyncIterable of LLMStreamChunk": a TypeScript built-in type
  'TInput', // type parameters of APIDefinition<TInput, TOutput>
  'TOutput',
  'WebSocket', // "WebSocket endpoint": the protocol, described in prose
  'DPoP', // "approvals, rate limits, DPoP, audit": the protocol, described in prose
];

/** The first function of each package's block in the reference's function table, in table order. */
const functionTableBlocks: ReadonlyMap<string, FrameworkPackage> = new Map([
  ['createSmartAgent', 'kit-ai'],
  ['defineAPI', 'kit-core'],
  ['defineModel', 'kit-db'],
  ['scanRoutes', 'kit-router'],
]);

const identifier = String.raw`[A-Za-z_$][\w$]*`;
const backticked = new RegExp(String.raw`\`(${identifier})(?:<[^\`]*>)?(?:\([^\`]*\))?\``, 'g');
const called = new RegExp(String.raw`(?<![\w.])(${identifier})(?:<[^<>()]*>)?\(`, 'g');
// camelCase, PascalCase with an inner capital, or an acronym followed by a word (LLMProvider, DPoP).
const camelCase = /\b(?:[a-z][a-z0-9]*[A-Z]|[A-Z][a-z0-9]+[A-Z]|[A-Z]{2,}[a-z])[\w$]*\b/g;

function matchesOf(pattern: RegExp, text: string): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1] ?? match[0]);
}

/** Code-like names of one line: backticked or called identifiers, camelCase words and first table cells. */
function namesInLine(line: string): string[] {
  const names = [...matchesOf(backticked, line), ...matchesOf(called, line), ...matchesOf(camelCase, line)];
  const firstCell = /^\|\s*`?([A-Za-z_$][\w$]*)/.exec(line)?.[1];
  const cellText = line.split('|')[1]?.trim() ?? '';
  // A first cell that is one identifier (optionally with type arguments, a call or a `.field`) is a name.
  if (firstCell && new RegExp(String.raw`^\`?${identifier}(?:<[^>]*>)?(?:\(\))?(?:\.\w+)?\`?$`).test(cellText)) names.push(firstCell);
  return names;
}

/** Leading identifiers of a comma-separated list such as `Outlet (renders ...), useLoaderData<T>() (...)`. */
function listItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      items.push(current);
      current = '';
    } else current += char;
  }
  items.push(current);
  return items.flatMap((item) => /^\s*`?([A-Za-z_$][\w$]*)/.exec(item)?.[1] ?? []);
}

/**
 * Builds the package -> documented names map from the reference text. The reference is not laid out
 * by package, so each of its parts is attributed to the package the reference gives that role:
 * - section 1, package table: backticked names in a package's own row (`createDevServer()` of kit-dev);
 * - section 2 up to "Core definitions": the smart agent resources, kit-ai ("standalone AI toolkit");
 * - "Core definitions": kit-core (server, routing primitives, policy engine);
 * - section 3: the agent enumerations, kit-ai;
 * - the function table: in blocks, each starting at the first function of a package (`functionTableBlocks`);
 * - after it: `CapabilityRegistry` (kit-core), "Machine surfaces" (kit-agent), "React shell" (kit-react);
 * - section 5: backticked functions, kit-auth; section 6: the SmartAgentHooks table, kit-ai;
 * plus `namesByRole` for names the reference only mentions by role.
 */
export function buildPackageNames(reference: string): PackageNames {
  const names = new Map<FrameworkPackage, Set<string>>(frameworkPackages.map((pkg) => [pkg, new Set<string>()]));
  const add = (pkg: FrameworkPackage, found: readonly string[]) => {
    const set = names.get(pkg);
    for (const name of found) set?.add(name);
  };

  type Region = 'intro' | 'ai' | 'core' | 'enums' | 'functions' | 'after-functions' | 'cli' | 'auth' | 'events' | 'other';
  let region: Region = 'intro';
  let functionBlock: FrameworkPackage = 'kit-ai';

  const lines = reference.split('\n');
  for (const [index, line] of lines.entries()) {
    // A table's header row names its columns (`Field`, `Type`), not the framework.
    if (/^\|[\s|:-]+\|$/.test(lines[index + 1] ?? '')) continue;
    if (line.startsWith('### SmartAgentConfig')) region = 'ai';
    else if (line.startsWith('### Core definitions')) region = 'core';
    else if (line.startsWith('## 3.')) region = 'enums';
    else if (line.startsWith('### Functions')) region = 'functions';
    else if (line.startsWith('### Command-line program')) region = 'cli';
    else if (line.startsWith('## 5.')) region = 'auth';
    else if (line.startsWith('## 6.')) region = 'events';
    else if (line.startsWith('## 7.')) region = 'other';

    if (region === 'functions') {
      const first = /^\|\s*`?([A-Za-z_$][\w$]*)/.exec(line)?.[1];
      const block = first === undefined ? undefined : functionTableBlocks.get(first);
      if (block) functionBlock = block;
      if (line.startsWith('|')) add(functionBlock, namesInLine(line));
      // The first text line after the table starts the part that follows it.
      else if (line.trim() !== '' && !line.startsWith('###')) region = 'after-functions';
    }

    switch (region) {
      case 'intro': {
        const row = /^\|\s*(kit-[a-z]+|create-kit-app)\s*\|/.exec(line)?.[1] as FrameworkPackage | undefined;
        if (row && names.has(row)) add(row, matchesOf(backticked, line));
        break;
      }
      case 'ai':
      case 'enums':
      case 'events':
        add('kit-ai', namesInLine(line));
        break;
      case 'core':
        // This sentence lists types of several packages whose fields are not shown; see namesByRole.
        if (!line.startsWith('Fields of these types: not shown')) add('kit-core', namesInLine(line));
        break;
      case 'after-functions':
        if (line.startsWith('CapabilityRegistry')) add('kit-core', ['CapabilityRegistry']);
        else if (line.startsWith('Machine surfaces:')) add('kit-agent', matchesOf(backticked, line));
        else if (line.startsWith('React shell:')) add('kit-react', listItems(line.slice('React shell:'.length)));
        break;
      case 'auth':
        add('kit-auth', matchesOf(backticked, line));
        break;
      case 'functions':
      case 'cli':
      case 'other':
        break;
    }
  }
  for (const { name, pkg } of namesByRole) add(pkg, [name]);
  for (const set of names.values()) for (const word of notFrameworkNames) set.delete(word);
  return names;
}

/** The package of a `@kit/kit-<role>` specifier (or one of its subpaths), or `undefined` for any other module. */
export function frameworkPackageOf(specifier: string): FrameworkPackage | undefined {
  // A package's subpath entries (`@kit/kit-core/http`) belong to the package.
  const match = /^@kit\/(kit-[a-z]+)(?:\/[a-z-]+)?$/.exec(specifier);
  const pkg = match?.[1];
  return frameworkPackages.find((candidate) => candidate === pkg);
}
