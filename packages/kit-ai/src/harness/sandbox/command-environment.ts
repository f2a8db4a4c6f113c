/** Used when the process has no `PATH` of its own. */
const fallbackPath = '/usr/local/bin:/usr/bin:/bin';

/**
 * The whole environment of a sandbox command: `PATH` (the process's, to find the usual programs),
 * `HOME` set to the sandbox root (so tools that write dotfiles write them there), `LANG=C.UTF-8` (so
 * output is UTF-8, as it is read), then the developer's `extra` variables over them. Nothing else of the
 * process's environment is passed: no credentials, tokens or proxy settings reach the command by accident.
 */
export function commandEnvironment(root: string, extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? fallbackPath, HOME: root, LANG: 'C.UTF-8', ...extra };
}
