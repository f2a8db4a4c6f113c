import { spawn } from 'node:child_process';
import { CreateKitAppError } from './create-kit-app-error.js';
import type { PackageManager } from './package-manager.js';

/** Runs `<manager> install` in `root`, passing its output to `log`; fails with `install_failed` naming the command to retry. */
export function installDependencies(root: string, manager: PackageManager, log: (text: string) => void): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const failed = (why: string) => reject(new CreateKitAppError('install_failed', `${manager} install ${why} in ${root}; the project is written: fix the cause, then run ${manager} install there.`));
    const child = spawn(manager, ['install'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    child.stdout.on('data', (chunk: Buffer) => log(chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => log(chunk.toString('utf8')));
    child.once('error', (error: NodeJS.ErrnoException) => failed(error.code === 'ENOENT' ? `could not start (${manager} is not installed)` : `could not start (${error.message})`));
    child.once('close', (code) => (code === 0 ? resolvePromise() : failed(`exited with code ${String(code)}`)));
  });
}
