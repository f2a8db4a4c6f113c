// ---
// title: Pausing and canceling a run from outside with getControlState
// description: Lets an operator pause or cancel a running agent by flipping a flag that the getControlState hook reads before each LLM call and around tool calls, then resumes the paused run later from its checkpoint.
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
      // Asked at the points before_llm, before_tools and after_tools of every iteration; a call in
      // progress is never interrupted.
      getControlState: async ({ point, iteration }) => {
        if (requested !== 'continue') console.log(`${requested} at ${point} of iteration ${iteration}`);
        return { action: requested };
      },
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
    // A pause at before_tools left the reply's calls in checkpoint.pendingCalls: resume runs them first.
    // The resumed call gets a fresh budget of maxIterations iterations.
    const second = await control.agent.resume(first.checkpoint, 'Continue where you stopped.');
    console.log(second.status, second.iterations);
  } else if (first.status === 'canceled') {
    // A canceled run's checkpoint is final: resume() would reject it.
    console.log('canceled by the operator');
  }
}
