import type { ForeignQuery } from '../judge.js';

/**
 * Questions about the pnpm documentation (pnpm/pnpm.io `docs/`, Docusaurus), written here after
 * reading the pages. Every third query (the third, sixth, …) is held out of tuning.
 */
export const PNPM_QUERIES: readonly ForeignQuery[] = [
  {
    q: 'shamefully hoist',
    kind: 'identifier-as-words',
    page: 'settings/node-modules',
    heading: 'shamefullyHoist',
    also: [{ page: 'cli/install', heading: '--shamefully-hoist' }],
  },
  {
    q: 'flat node_modules without symlinks like npm',
    kind: 'concept',
    page: 'settings/node-modules',
    heading: 'nodeLinker',
    failureMode: 'concept',
  },
  {
    q: 'force one version of a transitive dependency',
    kind: 'concept',
    page: 'settings/dependency-resolution',
    heading: 'overrides',
    failureMode: 'concept',
  },
  {
    q: 'wait a day before installing newly published versions',
    kind: 'concept',
    page: 'settings/dependency-resolution',
    heading: 'minimumReleaseAge',
    also: [{ page: 'supply-chain-security', heading: 'Delay dependency updates' }],
    failureMode: 'concept',
  },
  {
    q: 'minimumReleaseAgeExclude',
    kind: 'identifier',
    page: 'settings/dependency-resolution',
    heading: 'minimumReleaseAgeExclude',
    failureMode: 'neighbour',
  },
  { q: 'depend on a local workspace package', kind: 'how-to', page: 'workspaces', heading: 'Workspace protocol (workspace:)' },
  {
    q: 'run tests of a package and all of its dependencies',
    kind: 'how-to',
    page: 'filtering',
    heading: '--filter <package_name>...',
    failureMode: 'neighbour',
  },
  {
    q: 'fail the install when the lockfile is out of date',
    kind: 'natural-language',
    page: 'cli/install',
    heading: '--frozen-lockfile',
    also: [{ page: 'errors', heading: 'ERR_PNPM_OUTDATED_LOCKFILE' }],
  },
  {
    q: 'modify the source code of a dependency and keep the change',
    kind: 'concept',
    page: 'cli/patch',
    heading: 'Overview',
    failureMode: 'concept',
  },
  {
    q: 'share the same dependency versions across workspace packages',
    kind: 'natural-language',
    page: 'catalogs',
    heading: ['Overview', 'Defining Catalogs', 'Default Catalog'],
  },
  {
    q: 'allow the postinstall script of esbuild to run',
    kind: 'how-to',
    page: 'settings/build',
    heading: 'allowBuilds',
    also: [
      { page: 'cli/approve-builds', heading: ['Overview', 'Usage'] },
      { page: 'cli/add', heading: '--allow-build' },
    ],
  },
  { q: 'remove unreferenced packages from the store', kind: 'how-to', page: 'cli/store', heading: 'prune' },
  {
    q: 'why does node_modules use disk space if there is a global store',
    kind: 'natural-language',
    page: 'faq',
    heading: 'Why does my node_modules folder use disk space if packages are stored in a global store?',
  },
  {
    q: 'where is the store directory',
    kind: 'natural-language',
    page: 'settings/store',
    heading: 'storeDir',
    also: [{ page: 'cli/store', heading: 'path' }],
  },
  {
    q: 'install missing peer dependencies automatically',
    kind: 'concept',
    page: 'settings/peer-dependencies',
    heading: 'autoInstallPeers',
  },
  { q: 'install pnpm on Windows', kind: 'how-to', page: 'installation', heading: 'On Windows' },
  { q: 'use pnpm in GitHub Actions', kind: 'how-to', page: 'continuous-integration', heading: 'GitHub Actions', failureMode: 'neighbour' },
  {
    q: 'build separate docker images for packages of a monorepo',
    kind: 'how-to',
    page: 'docker',
    heading: 'Example 2: Build multiple Docker images in a monorepo',
  },
  { q: 'ERR_PNPM_PEER_DEP_ISSUES', kind: 'identifier', page: 'errors', heading: 'ERR_PNPM_PEER_DEP_ISSUES' },
  {
    q: 'copy one workspace package with its production dependencies into a folder',
    kind: 'concept',
    page: 'cli/deploy',
    heading: 'Overview',
    failureMode: 'concept',
  },
  {
    q: 'run a script in every package of the workspace',
    kind: 'how-to',
    page: 'cli/recursive',
    heading: 'Overview',
    also: [
      { page: 'cli/run', heading: '--recursive, -r' },
      { page: 'cli/exec', heading: '--recursive, -r' },
    ],
  },
  { q: 'auth token for a private registry', kind: 'natural-language', page: 'npmrc', heading: '<URL>:_authToken' },
  {
    q: 'route a scope to a company registry',
    kind: 'how-to',
    page: 'registries',
    heading: 'scopes',
    also: [{ page: 'settings/dependency-resolution', heading: 'registries' }],
  },
  { q: 'httpsProxy', kind: 'identifier', page: 'settings/network', heading: 'httpsProxy' },
  { q: 'how many times does pnpm retry a failed download', kind: 'natural-language', page: 'settings/network', heading: 'fetchRetries' },
  {
    q: 'change the package.json of a dependency during install with a hook',
    kind: 'how-to',
    page: 'pnpmfile',
    heading: 'hooks.readPackage(pkg, context): pkg | Promise<pkg>',
    failureMode: 'concept',
  },
  {
    q: 'ignore missing peer dependency warnings',
    kind: 'how-to',
    page: 'settings/peer-dependencies',
    heading: 'peerDependencyRules',
    also: [{ page: 'errors', heading: 'ERR_PNPM_PEER_DEP_ISSUES' }],
  },
  {
    q: 'make a plugin available in the root node_modules',
    kind: 'concept',
    page: 'settings/node-modules',
    heading: 'publicHoistPattern',
    failureMode: 'neighbour',
  },
  {
    q: 'hard link a workspace package instead of a symlink',
    kind: 'concept',
    page: 'workspaces',
    heading: 'injectWorkspacePackages',
    also: [{ page: 'package_json', heading: 'dependenciesMeta.*.injected' }],
  },
  { q: 'publishConfig directory', kind: 'config-option', page: 'package_json', heading: 'publishConfig.directory' },
  { q: 'refuse packages that do not support my Node version', kind: 'natural-language', page: 'settings/cli', heading: 'engineStrict' },
  { q: 'tab completion in the shell', kind: 'natural-language', page: 'completion', heading: 'Overview' },
  { q: 'remove the pnpm CLI from my machine', kind: 'how-to', page: 'uninstall', heading: 'Removing the pnpm CLI' },
  { q: 'upgrade dependencies to their latest major versions', kind: 'how-to', page: 'cli/update', heading: '--latest, -L' },
  { q: 'which packages depend on lodash', kind: 'concept', page: 'cli/why', heading: 'Overview', failureMode: 'concept' },
  { q: 'side effects cache of install scripts', kind: 'config-option', page: 'settings/build', heading: 'sideEffectsCache' },
  { q: 'how is pnpm different from the flat tree of npm', kind: 'natural-language', page: 'pnpm-vs-npm', heading: "npm's flat tree" },
  {
    q: 'retry fetch timeout setting',
    kind: 'config-option',
    page: 'settings/network',
    heading: ['fetchTimeout', 'fetchRetryMaxtimeout', 'fetchRetryMintimeout'],
  },
  { q: 'make sure contributors use pnpm and not npm or yarn', kind: 'natural-language', page: 'only-allow-pnpm', heading: 'Overview' },
];

/**
 * A second held-out batch, written after tuning had begun and run only for the final figures (the
 * first held-out third's totals had been looked at during tuning; see bench/search-foreign/README.md).
 */
export const PNPM_LATE_QUERIES: readonly ForeignQuery[] = [
  { q: 'why is this package installed', kind: 'natural-language', page: 'cli/why', heading: 'Overview' },
  { q: 'check which dependencies have newer versions', kind: 'concept', page: 'cli/outdated', heading: 'Overview', failureMode: 'concept' },
  { q: 'check installed packages for known vulnerabilities', kind: 'natural-language', page: 'cli/audit', heading: 'Overview' },
  {
    q: 'save exact versions instead of a caret range',
    kind: 'concept',
    page: 'settings/other',
    heading: 'savePrefix',
    also: [{ page: 'cli/add', heading: '--save-exact, -E, -e' }],
  },
  {
    q: 'install a specific Node.js version with pnpm',
    kind: 'how-to',
    page: 'cli/env',
    heading: ['use', 'Overview'],
    also: [{ page: 'cli/runtime', heading: 'set' }],
  },
  { q: 'TypeScript preserveSymlinks', kind: 'identifier', page: 'typescript', heading: 'Do not preserve symlinks' },
  { q: 'convert a yarn.lock or package-lock.json to a pnpm lockfile', kind: 'how-to', page: 'cli/import', heading: 'Overview' },
  {
    q: 'lockfile merge conflicts',
    kind: 'natural-language',
    page: 'git',
    heading: 'Merge conflicts',
    also: [{ page: 'git_branch_lockfiles', heading: ['Overview', 'Merge git branch lockfiles'] }],
  },
  { q: 'scripts that cannot be run directly', kind: 'natural-language', page: 'scripts', heading: 'Hidden Scripts' },
  { q: 'publish without checking the git branch', kind: 'how-to', page: 'cli/publish', heading: '--no-git-checks' },
  { q: 'resolve direct dependencies to their lowest versions', kind: 'concept', page: 'settings/other', heading: 'resolutionMode' },
  {
    q: 'link a local package folder into node_modules',
    kind: 'how-to',
    page: 'cli/link',
    heading: ['pnpm link <dir>', 'Replace an installed package with a local version of it'],
    failureMode: 'neighbour',
  },
];

/**
 * A third held-out batch, written on 2026-11-28 from pages and sections no earlier question names,
 * after that day's ranking changes were chosen; it was never used to choose anything.
 */
export const PNPM_FRESH_QUERIES: readonly ForeignQuery[] = [
  { q: 'remove older duplicate versions from the lockfile', kind: 'natural-language', page: 'cli/dedupe', heading: 'Overview' },
  { q: 'list the licenses of installed dependencies', kind: 'how-to', page: 'cli/licenses', heading: 'list' },
  { q: 'remove packages that are no longer needed', kind: 'how-to', page: 'cli/prune', heading: 'Overview' },
  { q: 'create a tarball of my package', kind: 'how-to', page: 'cli/pack', heading: 'Overview' },
  {
    q: 'run the build scripts of a package again',
    kind: 'natural-language',
    page: 'cli/rebuild',
    heading: 'Overview',
    failureMode: 'concept',
  },
  { q: 'print the dependency tree as JSON', kind: 'how-to', page: 'cli/list', heading: '--json' },
  { q: 'which packages had their build scripts blocked', kind: 'natural-language', page: 'cli/ignored-builds', heading: 'Overview' },
  { q: 'upgrade pnpm itself', kind: 'how-to', page: 'cli/self-update', heading: 'Overview' },
  { q: 'start a new project from a starter kit', kind: 'how-to', page: 'cli/create', heading: ['Overview', 'Examples'] },
  { q: 'generate a software bill of materials', kind: 'natural-language', page: 'cli/sbom', heading: ['Overview', 'Usage'] },
  { q: 'check that peer dependencies are satisfied', kind: 'how-to', page: 'cli/peers', heading: 'check' },
  { q: 'install a dependency straight from a git repository', kind: 'how-to', page: 'package-sources', heading: 'Git repository' },
];
