import { CreateKitAppError } from './create-kit-app-error.js';

/**
 * The package managers the scaffolder can install with.
 *
 * @example
 * ```ts
 * import { packageManagers, scaffoldApp } from 'create-kit-app';
 *
 * const packageManager = packageManagers.includes('pnpm') ? 'pnpm' : 'npm';
 * await scaffoldApp({ directory: 'my-app', packageManager });
 * ```
 */
export const packageManagers = ['npm', 'pnpm', 'yarn', 'bun'] as const;

/** One of {@link packageManagers}. */
export type PackageManager = (typeof packageManagers)[number];

/** Checks a package manager named by a user. */
export function packageManagerNamed(name: string): PackageManager {
  if ((packageManagers as readonly string[]).includes(name)) return name as PackageManager;
  throw new CreateKitAppError(
    'unknown_package_manager',
    `unknown package manager "${name}"; use one of ${packageManagers.join(', ')} (--package-manager npm).`,
  );
}

/** The package manager that started the program (`npx`, `pnpm dlx`, `yarn create`...), from npm_config_user_agent, else npm. */
export function detectPackageManager(userAgent: string | undefined): PackageManager {
  const first = userAgent?.split('/')[0] ?? '';
  return (packageManagers as readonly string[]).includes(first) ? (first as PackageManager) : 'npm';
}

/** How the README tells the developer to run a script: `npm run dev`, `pnpm dev`. */
export function runCommandOf(manager: PackageManager): string {
  return manager === 'npm' || manager === 'bun' ? `${manager} run` : manager;
}
