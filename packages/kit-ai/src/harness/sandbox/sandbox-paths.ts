import { lstat, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { sandboxRefusal, toolFailure } from './sandbox-tool.js';

/** A path the model gave, checked: where it really is, and how to show it back to the model. */
export interface SandboxPath {
  /** The real path (every symbolic link resolved), inside the root. */
  real: string;
  /** The path relative to the root, with `/` separators (`.` for the root). */
  shown: string;
}

/** Where a write goes: an existing file inside the root, or a new one under an existing folder inside it. */
export interface WriteTarget {
  /** The real path to write: the file itself, or the real folder it is created in joined with the new names. */
  target: string;
  shown: string;
  /** Whether the file exists already; when not, the folders between may have to be created. */
  exists: boolean;
}

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Error codes of a path that cannot be reached as written: a name that does not exist, a path through a
 * file (`a.txt/b`), or through a link loop. The walk up then stops at the part that exists, and checks it.
 */
function isUnreachable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}

/**
 * Resolves the paths the model gives against the sandbox root and refuses every one that leads outside
 * it: absolute paths elsewhere, `..` climbing out, NUL bytes, and symbolic links (anywhere along the path)
 * whose target is outside the root or does not exist. Checks are made on the real path of the deepest part
 * of the path that exists, so a new file is checked through the folder it will be created in.
 *
 * The checks run before each operation, and the operation then uses the real path found (with
 * `O_NOFOLLOW` on the file itself), so a link swapped in afterwards by a process racing the tool can still
 * win: this is a boundary for the model's paths, not operating-system isolation.
 */
export class SandboxPaths {
  /**
   * @param root The real path of the root folder.
   * @param givenRoot The root as the developer wrote it, resolved but not real: absolute paths under it are
   *   taken as under `root` (a root reached through a link, such as macOS's `/tmp`).
   */
  constructor(
    readonly root: string,
    private readonly givenRoot: string,
  ) {}

  /** `input` resolved against the root without touching the disk; refuses NUL bytes and places outside the root. */
  lexical(tool: string, input: string): string {
    if (input.includes('\0')) throw sandboxRefusal(tool, 'the path contains a NUL byte; give a plain path inside the sandbox.');
    let absolute = resolve(this.root, input === '' ? '.' : input);
    if (isAbsolute(input) && !isInside(this.root, absolute) && isInside(this.givenRoot, absolute)) {
      absolute = join(this.root, relative(this.givenRoot, absolute));
    }
    if (isInside(this.root, absolute)) return absolute;
    const why = isAbsolute(input) ? 'is an absolute path outside the sandbox' : 'climbs out of the sandbox with ".."';
    throw sandboxRefusal(
      tool,
      `${JSON.stringify(input)} ${why}. Only paths inside the sandbox root ${this.root} can be used: relative ones such as "src/index.ts", or absolute ones under the root.`,
    );
  }

  /** Whether a real path lies inside the root. */
  contains(real: string): boolean {
    return isInside(this.root, real);
  }

  /** How a path inside the root is shown to the model. */
  shown(absolute: string): string {
    return relative(this.root, absolute).split(sep).join('/') || '.';
  }

  /** An existing file or folder inside the root; refuses links out of it, and fails when nothing is there. */
  async existing(tool: string, input: string): Promise<SandboxPath> {
    const absolute = this.lexical(tool, input);
    const shown = this.shown(absolute);
    const { existing, missing } = await this.deepestExisting(tool, absolute);
    // Checked before saying "not found", so that a missing name behind a link out of the root tells nothing about the outside.
    const real = await this.realInside(tool, input, existing);
    if (missing.length > 0) {
      throw toolFailure(tool, `there is no file or folder at ${JSON.stringify(shown)}; list the folder with fs_list to see what is there.`);
    }
    return { real, shown };
  }

  /** An existing folder inside the root (for listing, or as a command's working folder). */
  async folder(tool: string, input: string): Promise<SandboxPath> {
    const found = await this.existing(tool, input);
    if (!(await stat(found.real)).isDirectory()) throw toolFailure(tool, `${JSON.stringify(found.shown)} is a file, not a folder.`);
    return found;
  }

  /**
   * Where writing `input` goes. An existing file must be a regular file (a link to one inside the root is
   * followed); a new one is created under the real path of its deepest existing folder, which must be
   * inside the root, so no link (dangling ones included) can carry the write outside.
   */
  async forWrite(tool: string, input: string): Promise<WriteTarget> {
    const absolute = this.lexical(tool, input);
    const shown = this.shown(absolute);
    const { existing, missing } = await this.deepestExisting(tool, absolute);
    const real = await this.realInside(tool, input, existing);
    const info = await stat(real);
    if (missing.length === 0) {
      if (!info.isFile())
        throw toolFailure(
          tool,
          `${JSON.stringify(shown)} is ${info.isDirectory() ? 'a folder' : 'not a regular file'}; give the path of a file.`,
        );
      return { target: real, shown, exists: true };
    }
    if (!info.isDirectory()) {
      throw toolFailure(tool, `${JSON.stringify(this.shown(existing))} is a file, so ${JSON.stringify(shown)} cannot be created under it.`);
    }
    return { target: join(real, ...missing), shown, exists: false };
  }

  /** The deepest of `absolute` and its ancestors that exists (a dangling link counts), and the names below it that do not. */
  private async deepestExisting(tool: string, absolute: string): Promise<{ existing: string; missing: string[] }> {
    const missing: string[] = [];
    let current = absolute;
    for (;;) {
      const found = await lstat(current).then(
        () => true,
        (error: unknown) => {
          if (isUnreachable(error)) return false;
          throw error;
        },
      );
      if (found) return { existing: current, missing };
      // The root was checked when the sandbox was made; if it is gone, never look above it.
      if (current === this.root) throw toolFailure(tool, `the sandbox root ${this.root} no longer exists.`);
      missing.unshift(basename(current));
      current = dirname(current);
    }
  }

  /** The real path of an existing `path`, refused unless it is inside the root. */
  private async realInside(tool: string, input: string, path: string): Promise<string> {
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      // A dangling link or a loop: where a write through it would land cannot be checked.
      throw sandboxRefusal(
        tool,
        `${JSON.stringify(input)} goes through a symbolic link whose target does not exist (or that loops); the sandbox follows links only to files and folders inside its root ${this.root}.`,
      );
    }
    if (isInside(this.root, real)) return real;
    throw sandboxRefusal(
      tool,
      `${JSON.stringify(input)} is, or goes through, a symbolic link that leads outside the sandbox; only files and folders inside the root ${this.root} can be used, and links out of it are not followed.`,
    );
  }
}
