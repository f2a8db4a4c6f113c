import type { ExecutionTools } from './execute-run.js';
import type { HarnessConfig } from './harness-types.js';
import type { RunWriter } from './run-writer.js';
import type { NewArtifact, RunStore } from './types.js';

/**
 * The sandbox tools of one execution of a run: the file tools on `sandbox.fs`, the browser tools on
 * `sandbox.browser`, whose screenshots are saved as the run's artifacts. The browser starts on its
 * first use and stops when the execution ends.
 */
export async function sandboxToolsFor(
  sandbox: HarnessConfig['sandbox'],
  store: RunStore,
  runId: string,
  writer: RunWriter,
): Promise<ExecutionTools> {
  const tools: ExecutionTools['tools'] = [];
  const closers: (() => Promise<void>)[] = [];
  // Loaded only for harnesses that use a sandbox.
  if (sandbox?.fs) {
    const { createFileSandbox } = await import('./sandbox/file-sandbox.js');
    tools.push(...createFileSandbox(sandbox.fs).tools);
  }
  if (sandbox?.browser) {
    const { createBrowserSandbox } = await import('./sandbox/browser-sandbox.js');
    const browser = await createBrowserSandbox({
      ...sandbox.browser,
      saveArtifact: async (artifact: NewArtifact) => {
        const saved = await store.saveArtifact(runId, artifact);
        await writer.event('artifact', saved);
        return saved;
      },
    });
    tools.push(...browser.tools);
    closers.push(() => browser.close());
  }
  return { tools, close: async () => void (await Promise.all(closers.map((close) => close()))) };
}
