import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { scaffolderVersion } from '../version.js';
import { appPackageJson } from './app-package-json.js';
import { copyTemplate } from './copy-template.js';
import { installDependencies } from './install.js';
import { linkWorkspace, workspaceModules } from './link-workspace.js';
import { runCommandOf, type PackageManager } from './package-manager.js';
import { packageNameOf, titleOf } from './project-name.js';
import { prepareFolder } from './target-folder.js';
import { templateFolder, templateNamed, type TemplateName } from './templates.js';

/** What {@link scaffoldApp} writes and how it gets the dependencies. */
export interface ScaffoldOptions {
  /** The app's folder (created when missing; must be empty), relative to `cwd`. Its name is the package name. */
  readonly directory: string;
  /** One of `templateNames` (default `blank`); another name fails with `unknown_template`. */
  readonly template?: string;
  /** Run `<packageManager> install` after writing (default true); ignored with `link`. */
  readonly install?: boolean;
  /** Default `npm`. */
  readonly packageManager?: PackageManager;
  /** A kit repository whose node_modules the app links instead of installing (no registry needed). */
  readonly link?: string;
  /** Where `directory` is resolved from (default `process.cwd()`). */
  readonly cwd?: string;
  /** Receives the installer's output (default: dropped). */
  readonly log?: (text: string) => void;
}

/** What {@link scaffoldApp} did. */
export interface ScaffoldResult {
  /** The app's absolute folder. */
  readonly root: string;
  readonly packageName: string;
  readonly template: TemplateName;
  /** The kit version the app's @kit packages are pinned to. */
  readonly kitVersion: string;
  /** Written files, relative to `root`, sorted. */
  readonly files: readonly string[];
  /** `installed` (by the package manager), `linked` (to `link`'s node_modules) or `skipped`. */
  readonly dependencies: 'installed' | 'linked' | 'skipped';
  readonly packageManager: PackageManager;
  /** Time spent writing the files, in milliseconds (install excluded). */
  readonly writeMs: number;
  /** Time spent installing or linking, in milliseconds. */
  readonly installMs: number;
}

/**
 * Writes a new kit app from a template into an empty folder: the template's files, a package.json whose
 * scripts are the kit commands and whose @kit dependencies are pinned to this scaffolder's version, then
 * installs (or links) its dependencies. Fails with a {@link CreateKitAppError} (a stable `code`) and
 * writes nothing when the folder is not empty, an option is bad or the `link` folder is no kit
 * repository (an install that fails leaves the written files).
 *
 * @example
 * ```ts
 * import { scaffoldApp } from 'create-kit-app';
 *
 * const app = await scaffoldApp({ directory: 'help-desk', template: 'blank', install: false });
 * console.log(`${app.packageName}: ${app.files.length} files in ${app.root}`);
 * ```
 */
export async function scaffoldApp(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const started = performance.now();
  const template = templateNamed(options.template ?? 'blank');
  const cwd = options.cwd ?? process.cwd();
  const root = resolve(cwd, options.directory);
  const packageName = packageNameOf(root);
  const packageManager = options.packageManager ?? 'npm';
  const kitVersion = scaffolderVersion();
  // Every check comes before the first write, so a refused run leaves nothing behind.
  const modules = options.link === undefined ? undefined : await workspaceModules(resolve(cwd, options.link));
  await prepareFolder(root, relative(cwd, root) || '.');
  // Each app gets its own session secret, written to its .env (which .gitignore keeps out of version control).
  const values = {
    title: titleOf(packageName),
    name: packageName,
    kitVersion,
    run: runCommandOf(packageManager),
    sessionSecret: randomBytes(48).toString('base64url'),
  };
  const files = await copyTemplate(templateFolder(template), root, values);
  await writeFile(join(root, 'package.json'), appPackageJson(packageName, template, kitVersion));
  files.push('package.json');
  files.sort();
  const written = performance.now();
  let dependencies: ScaffoldResult['dependencies'] = 'skipped';
  if (modules !== undefined) {
    await linkWorkspace(root, modules);
    dependencies = 'linked';
  } else if (options.install !== false) {
    const log = options.log ?? (() => undefined);
    log(`Installing dependencies (${packageManager} install)...\n`);
    await installDependencies(root, packageManager, log);
    dependencies = 'installed';
  }
  const installMs = Math.round(performance.now() - written);
  return {
    root,
    packageName,
    template,
    kitVersion,
    files,
    dependencies,
    packageManager,
    writeMs: Math.round(written - started),
    installMs,
  };
}
