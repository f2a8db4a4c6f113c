import { spawn } from 'node:child_process';
import { CreateKitAppError } from './create-kit-app-error.js';
import type { PackageManager } from './package-manager.js';

// The installer's output is kept for its last part only: a failed install's reason is at its end.
const keptOutputChars = 64 * 1024;

/**
 * The kit package an installer's output says the registry does not have (npm, pnpm, yarn and bun each
 * print a 404 with the package's name), or undefined when the failure is something else.
 */
export function missingKitPackage(output: string): string | undefined {
  for (const line of output.replace(/%2f/gi, '/').split('\n')) {
    if (!/\b(E404|404|not found|not in this registry|Couldn't find package)\b/i.test(line)) continue;
    const named = /(@kit\/[a-z0-9-]+|create-kit-app)(?:@\d[\w.-]*)?/i.exec(line);
    if (named) return named[0];
  }
  return undefined;
}

/** The message for an install that failed because kit's packages are not in the registry the installer uses. */
export function kitNotInRegistryMessage(packageName: string, manager: PackageManager, root: string): string {
  return [
    `${manager} install could not find ${packageName} in the registry ${manager} is set to use: kit's packages are not published there.`,
    'The project is written; two ways to install its dependencies:',
    '  1. From a registry on this machine: in a clone of the kit repository run "npm install && npm run registry"; it',
    '     publishes kit to a local registry and prints the command that makes an app with it.',
    '  2. From a kit repository directly: run create-kit-app again with "--link <path of the clone>" (after npm install',
    `     there), into a new folder or after emptying ${root}.`,
  ].join('\n');
}

/**
 * Runs `<manager> install` in `root`, passing its output to `log`; fails with `kit_not_in_registry` when the
 * registry lacks kit's packages (naming both ways forward), else with `install_failed` naming the command to retry.
 */
export function installDependencies(root: string, manager: PackageManager, log: (text: string) => void): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-keptOutputChars);
      log(text);
    };
    const failed = (why: string) => {
      const missing = missingKitPackage(output);
      if (missing !== undefined) reject(new CreateKitAppError('kit_not_in_registry', kitNotInRegistryMessage(missing, manager, root)));
      else
        reject(
          new CreateKitAppError(
            'install_failed',
            `${manager} install ${why} in ${root}; the project is written: fix the cause, then run ${manager} install there.`,
          ),
        );
    };
    const child = spawn(manager, ['install'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error: NodeJS.ErrnoException) =>
      failed(error.code === 'ENOENT' ? `could not start (${manager} is not installed)` : `could not start (${error.message})`),
    );
    child.once('close', (code) => (code === 0 ? resolvePromise() : failed(`exited with code ${String(code)}`)));
  });
}
