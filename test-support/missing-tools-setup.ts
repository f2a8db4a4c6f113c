import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingToolsLine, missingToolsVariable, readMissingTools } from './missing-tools.js';

/**
 * Vitest `globalSetup` (vitest.config.ts): before any worker starts, makes the folder where workers record
 * the tests they skip for a program that is not installed (missing-tools.ts), and names it in the
 * environment the workers inherit. When the run ends, prints one line that names the missing programs, how
 * many test files skipped tests for each and the `apt-get install` that enables them; nothing when none was.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'kit-missing-tools-'));
  process.env[missingToolsVariable] = folder;
  return () => {
    try {
      const line = missingToolsLine(readMissingTools(folder));
      if (line !== undefined) console.log(`\n${line}\n`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
}
