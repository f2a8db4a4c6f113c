// ---
// title: Pausing and canceling a run from outside with getControlState
// description: Lets an operator pause or cancel a running agent by flipping a flag that the getControlState hook reads before each LLM call and around tool calls, then resumes the paused run later.
// topics: [agents, operations]
// relatedDocs: /docs/agent-hooks-and-checkpoints#pausing-and-canceling-a-run
// ---
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

type ControlAction = 'continue' | 'pause' | 'cancel';

export function createControllableAgent(llm: LLMProvider, tools: AgentTool[]) {
  let requested: ControlAction = 'continue';

  const agent = createSmartAgent({
    llm,
    tools,
    hooks: {
      // Consulted before the LLM is asked and before and after tools run.
      getControlState: async () => ({ action: requested }),
    },
  });

  return {
    agent,
    pause: () => { requested = 'pause'; },
    cancel: () => { requested = 'cancel'; },
    proceed: () => { requested = 'continue'; },
  };
}

// Usage: pause a long run from a timer, then continue it from its checkpoint.
export async function demo(llm: LLMProvider, tools: AgentTool[]): Promise<void> {
  const control = createControllableAgent(llm, tools);
  const timer = setTimeout(control.pause, 30_000);

  const first = await control.agent.run('Re-tag every open ticket by product area.');
  clearTimeout(timer);

  if (first.status === 'paused' && first.checkpoint) {
    control.proceed();
    const second = await control.agent.resume(first.checkpoint, 'Continue where you stopped.');
    console.log(second.status, second.iterations);
  } else if (first.status === 'canceled') {
    console.log('canceled by the operator');
  }
}
