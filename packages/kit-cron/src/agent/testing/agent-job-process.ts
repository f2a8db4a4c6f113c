// A worker process for the restart test: it runs an agent job on a schedule and reports on stdout, one
// JSON object a line. With PHASE=first, the second step blocks forever, so the parent can SIGKILL it mid-run.
import { createSmartAgent, type AgentTool, type LLMMessage, type LLMProvider } from '@kit/kit-ai';
import { createScheduler, defineAgentJob, fileCheckpointStore } from '@kit/kit-cron';

const report = (event: Record<string, unknown>): void => void process.stdout.write(`${JSON.stringify(event)}\n`);
const phase = process.env.PHASE ?? 'first';
const dir = process.env.CHECKPOINT_DIR;
if (dir === undefined) throw new Error('CHECKPOINT_DIR is required');

const doneSteps = (messages: LLMMessage[]): number =>
  messages.filter((message) => typeof message.content === 'string' && /step \d+ done/.test(message.content)).length;

// The model counts to three, one step per reply, judging by the step results it can see.
const llm: LLMProvider = {
  name: 'scripted-counter',
  async chat(messages) {
    const done = doneSteps(messages);
    report({ event: 'llm', stepsSeen: done, messages: messages.length });
    if (done >= 3) return { content: 'Counted to three.', model: 'scripted-1' };
    return { content: JSON.stringify({ tool: 'step', arguments: { n: done + 1 } }), model: 'scripted-1' };
  },
};

const step: AgentTool = {
  name: 'step',
  description: 'Performs step n of the count.',
  parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
  async execute({ n }) {
    report({ event: 'step', n });
    if (phase === 'first' && n === 2) {
      report({ event: 'blocking' });
      await new Promise(() => undefined);
    }
    return `step ${String(n)} done`;
  },
};

const job = defineAgentJob({
  name: 'counter',
  schedule: { every: 200 },
  agent: (hooks) => createSmartAgent({ llm, tools: [step], maxIterations: 10, hooks }),
  goal: 'Count to three with the step tool.',
  checkpoints: fileCheckpointStore(dir),
});

const scheduler = createScheduler({
  jobs: [job],
  onEvent(event) {
    report({
      event: event.type,
      ...('status' in event ? { status: event.status } : {}),
      ...('error' in event ? { error: event.error } : {}),
    });
    if (event.type === 'job.succeeded' || event.type === 'job.failed') void scheduler.stop().then(() => process.exit(0));
  },
});
scheduler.start();
report({ event: 'ready', pid: process.pid });
