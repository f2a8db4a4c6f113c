import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: this file lives in `scripts/release/`. */
export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** An `exports` map: subpaths or conditions, to files or to further conditions. */
export type ExportConditions = { readonly [key: string]: string | ExportConditions };

/** The fields of a package.json that the release checks and scripts read. */
export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly description?: string;
  readonly keywords?: readonly string[];
  readonly license?: string;
  readonly repository?: { readonly type: string; readonly url: string; readonly directory?: string };
  readonly engines?: Readonly<Record<string, string>>;
  readonly exports?: ExportConditions;
  readonly bin?: Readonly<Record<string, string>>;
  readonly files?: readonly string[];
  readonly scripts?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

/** One package of the workspace: its folder and its manifest as it is in the repository. */
export interface WorkspacePackage {
  readonly dir: string;
  readonly folder: string;
  readonly manifest: PackageManifest;
}

/** Every package under `packages/`, in folder order. */
export function workspacePackages(): WorkspacePackage[] {
  const packagesDir = join(repositoryRoot, 'packages');
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const dir = join(packagesDir, entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageManifest;
      return { dir, folder: entry.name, manifest };
    });
}

/** The packages that are released to a registry: all but the private ones (the docs service). */
export function publishablePackages(): WorkspacePackage[] {
  return workspacePackages().filter((pkg) => pkg.manifest.private !== true);
}
