import type { ControlContext, SmartAgentHooks } from './types.js';
import type { AgentRunStream, AgentStreamEvent, AgentStreamOptions } from './run-events.js';
import { EventQueue } from './event-queue.js';
import { observedConfig } from './run-observer.js';
import { runAgent, type AgentSetup } from './run-loop.js';
import type { RunStart } from './run-state.js';

/**
 * Runs the agent with its steps streamed: the configuration observed into a queue that the caller
 * reads, and a control point that cancels the run once `signal` aborts or the reader leaves.
 */
export function streamRun(setup: AgentSetup, start: RunStart, options: AgentStreamOptions = {}): AgentRunStream {
  const queue = new EventQueue<AgentStreamEvent>();
  let readerLeft = false;
  queue.onLeave = () => {
    readerLeft = true;
  };
  const own: SmartAgentHooks = setup.config.hooks ?? {};
  const hooks: SmartAgentHooks = {
    ...own,
    getControlState: (context: ControlContext) => {
      if (readerLeft || options.signal?.aborted === true) return { action: 'cancel' };
      return own.getControlState ? own.getControlState(context) : { action: 'continue' };
    },
  };
  const config = observedConfig(
    { ...setup.config, hooks },
    {
      text: (text, iteration) => queue.push({ type: 'text', data: { iteration, text } }),
      modelCall: (data) => queue.push({ type: 'model_call', data }),
      callStarted: (data) => queue.push({ type: 'call_started', data }),
      callFinished: (data) => queue.push({ type: 'call_finished', data }),
      checkpoint: (checkpoint) => queue.push({ type: 'checkpoint', data: { stage: checkpoint.stage, iterations: checkpoint.iterations } }),
    },
  );
  const result = runAgent({ ...setup, config }, start).then(
    (ended) => {
      queue.push({ type: 'done', data: { result: ended } });
      queue.end();
      return ended;
    },
    (error: unknown) => {
      queue.fail(error);
      throw error;
    },
  );
  // Whoever reads the stream or awaits `result` sees a failure; neither has to, so it is never unhandled.
  result.catch(() => undefined);
  return { result, [Symbol.asyncIterator]: () => queue.read() };
}
