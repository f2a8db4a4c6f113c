import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Runs ES module code in a new Node process, so persistence is tested across a real restart. The code
 * sees the module at `moduleUrl` (a TypeScript source, loaded through tsx) as `kit`, runs in `cwd`, and
 * must print one JSON value, which the returned function resolves with.
 */
export function moduleInChild(moduleUrl: URL): (code: string, cwd: string) => Promise<unknown> {
  const module = pathToFileURL(fileURLToPath(moduleUrl)).href;
  return async (code, cwd) => {
    const source = `import * as kit from ${JSON.stringify(module)};\n${code}`;
    const { stdout } = await run(process.execPath, ['--import', tsxLoader, '--input-type=module', '-e', source], { cwd, timeout: 30_000 });
    return JSON.parse(stdout) as unknown;
  };
}
