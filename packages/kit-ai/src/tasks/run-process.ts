import { spawn } from 'node:child_process';

/** What `runProcess` starts, and how. */
export interface RunProcessOptions {
  /** The program: a path, or a name looked up on the `PATH` of `env`. */
  file: string;
  argv: readonly string[];
  /** Working directory; the parent's when absent. */
  cwd?: string | undefined;
  /** The whole environment of the process (nothing is inherited beyond it). */
  env: NodeJS.ProcessEnv;
  /** Bytes kept of stdout and of stderr each; the rest is read and dropped. */
  maxOutputBytes: number;
  /** When it aborts, the process group gets SIGTERM, then SIGKILL after a grace period. */
  signal: AbortSignal;
  /**
   * Kill what is left of the process group (children it started in the background) as soon as the process
   * itself exits. Default false: they are left running, and only an abort kills them.
   */
  killGroupOnExit?: boolean;
}

/** How a process ended, with its output. */
export interface ProcessOutcome {
  /** The exit code; `null` when a signal ended the process (or it never started). */
  exitCode: number | null;
  /** The signal that ended the process (`SIGTERM`, ...), else `null`. */
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Bytes the process wrote to stdout, kept or dropped. */
  stdoutBytes: number;
  /** Bytes the process wrote to stderr, kept or dropped. */
  stderrBytes: number;
  durationMs: number;
  /** stdout or stderr was longer than `maxOutputBytes` and was cut. */
  truncated: boolean;
  /** Set when the program could not be started (not found, bad `cwd`); the other fields are then empty. */
  startError?: Error;
}

/** After SIGTERM, a process gets this long to exit before SIGKILL. */
const killGraceMs = 2_000;
/** After the process exits, its pipes get this long to close (a background child may hold them open). */
const pipeGraceMs = 500;

/** The longest `runProcess` takes past its signal's abort: the SIGKILL grace plus the pipe grace, with room to spare. */
export const processStopMs = killGraceMs + pipeGraceMs + 500;

/** Collects a stream's bytes up to a cap, reading and dropping the rest so the process never blocks on a full pipe. */
class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  /** Every byte pushed, kept or not. */
  total = 0;
  truncated = false;

  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.cap - this.size;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept.length < chunk.length) this.truncated = true;
    this.chunks.push(kept);
    this.size += kept.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/**
 * Runs a program with `spawn` (no shell unless `file` is one), stdin closed, and resolves once it has
 * exited and its output is read; it never rejects. The process leads a process group of its own, so an
 * abort (and `killGroupOnExit`) reaches the children it started too. Shared by `createShellTask` and the
 * file sandbox's `run_command`.
 */
export function runProcess(options: RunProcessOptions): Promise<ProcessOutcome> {
  const { file, argv, cwd, env, maxOutputBytes, signal, killGroupOnExit = false } = options;
  return new Promise((resolve) => {
    const started = performance.now();
    const stdout = new CappedBuffer(maxOutputBytes);
    const stderr = new CappedBuffer(maxOutputBytes);
    // Its own process group, so a kill reaches the children it started too (a shell's, a test runner's).
    const detached = process.platform !== 'win32';
    const child = spawn(file, [...argv], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached, windowsHide: true });
    let exit: { code: number | null; signal: string | null } | undefined;
    let startError: Error | undefined;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    let pipeTimer: NodeJS.Timeout | undefined;

    const finish = (): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      if (pipeTimer) clearTimeout(pipeTimer);
      const base: ProcessOutcome = {
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        stdout: stdout.text(),
        stderr: stderr.text(),
        stdoutBytes: stdout.total,
        stderrBytes: stderr.total,
        durationMs: Math.round(performance.now() - started),
        truncated: stdout.truncated || stderr.truncated,
      };
      resolve(startError ? { ...base, startError } : base);
    };
    const kill = (sig: NodeJS.Signals): void => {
      try {
        if (detached && child.pid !== undefined) process.kill(-child.pid, sig);
        else child.kill(sig);
      } catch {
        // Already gone.
      }
    };
    function onAbort(): void {
      kill('SIGTERM');
      killTimer = setTimeout(() => kill('SIGKILL'), killGraceMs);
      killTimer.unref();
    }

    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      if (child.pid === undefined) {
        startError = error;
        finish();
      }
    });
    child.on('exit', (code, exitSignal) => {
      exit = { code, signal: exitSignal };
      if (killGroupOnExit) kill('SIGKILL');
      // A background child it started may hold the pipes open: stop waiting for them after a short grace
      // (unless killGroupOnExit, the child itself is left alone; only an abort kills the group).
      pipeTimer = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish();
      }, pipeGraceMs);
    });
    child.on('close', (code, closeSignal) => {
      exit ??= { code, signal: closeSignal };
      finish();
    });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
