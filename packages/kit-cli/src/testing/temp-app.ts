import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../cli/run-cli.js';

const repositoryModules = fileURLToPath(new URL('../../../../node_modules', import.meta.url));

/** The `kit` program as users run it (the compiled CLI: `npm run build` first). */
export const kitBin = fileURLToPath(new URL('../../bin/kit.js', import.meta.url));

/** The smallest app every test starts from: ESM, strict TypeScript with JSX, one page, a SQLite database. */
export const baseApp: Readonly<Record<string, string>> = {
  'package.json': `${JSON.stringify({ name: 'test-app', private: true, type: 'module', dependencies: { '@kit/kit-cli': '0.1.0' } }, null, 2)}\n`,
  'tsconfig.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        jsx: 'react-jsx',
        skipLibCheck: true,
        noEmit: true,
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: ['node'],
      },
      include: ['app', 'kit.config.ts'],
    },
    null,
    2,
  )}\n`,
  'kit.config.ts': `import { defineConfig } from '@kit/kit-core';

export default defineConfig({
  info: { title: 'Test app', version: '1.0.0' },
  routes: {},
  database: { provider: 'sqlite', url: 'data/app.db' },
});
`,
  'app/routes/index.page.tsx': `export default function HomePage() {
  return (
    <main>
      <title>Home</title>
      <h1>Home</h1>
    </main>
  );
}
`,
};

/** A temporary app folder with the repository's node_modules linked in. */
export interface TempApp {
  readonly root: string;
  write(path: string, content: string): Promise<void>;
  remove(): Promise<void>;
}

/** Writes `baseApp` with `files` over it (a null content leaves the file out) into a fresh temporary folder. */
export async function createTempApp(files: Readonly<Record<string, string | null>> = {}): Promise<TempApp> {
  const root = await mkdtemp(join(tmpdir(), 'kit-cli-app-'));
  const write = async (path: string, content: string) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  };
  for (const [path, content] of Object.entries({ ...baseApp, ...files })) if (content !== null) await write(path, content);
  await symlink(repositoryModules, join(root, 'node_modules'), 'dir');
  return { root, write, remove: () => rm(root, { recursive: true, force: true }) };
}

/** What a run of `kit` printed and how it ended. */
export interface KitRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real `kit` program in a child process. */
export function runKit(
  args: readonly string[],
  options: { cwd: string; env?: Readonly<Record<string, string | undefined>> },
): Promise<KitRun> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env }))
    if (value !== undefined) env[key] = value;
  return new Promise((resolve) => {
    execFile(process.execPath, [kitBin, ...args], { cwd: options.cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs `runCli` in this process with captured output. */
export async function runKitInProcess(
  args: readonly string[],
  options: {
    cwd: string;
    env?: Readonly<Record<string, string | undefined>>;
    signal?: AbortSignal;
    isTTY?: boolean;
    onOutput?: (text: string) => void;
    onError?: (text: string) => void;
  },
): Promise<KitRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    cwd: options.cwd,
    env: options.env ?? {},
    stdout: {
      write: (text: string) => {
        stdout += text;
        options.onOutput?.(text);
      },
      isTTY: options.isTTY ?? false,
    },
    stderr: {
      write: (text: string) => {
        stderr += text;
        options.onError?.(text);
      },
      isTTY: options.isTTY ?? false,
    },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { code, stdout, stderr };
}
