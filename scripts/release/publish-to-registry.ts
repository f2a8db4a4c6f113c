import type { LocalRegistry } from './local-registry.js';
import { runCommand, type CommandResult } from './run-command.js';
import { repositoryRoot } from './workspace-packages.js';

/**
 * Runs the release command (`npm run release`: build, then Changesets publishes every package whose
 * version the registry lacks) against `registry`, without tagging the git repository.
 */
export function publishToRegistry(registry: LocalRegistry, echo?: (text: string) => void): Promise<CommandResult> {
  return runCommand('npm', ['run', 'release', '--', '--no-git-tag'], {
    cwd: repositoryRoot,
    env: registry.env,
    timeoutMs: 15 * 60_000,
    ...(echo ? { echo } : {}),
  });
}
