// ---
// title: A background task of kind custom
// description: Writes an AgentTask by hand for work that runs through the task fabric - exporting a report - using its AgentTaskExecutionContext, and gates every task submission with the beforeTaskCall hook.
// topics: [agents]
// relatedDocs: /docs/agent-tools-and-tasks#agenttask
// ---
import { mkdir, writeFile } from 'node:fs/promises';
import { createSmartAgent, type AgentTask, type AgentTool, type LLMProvider } from '@kit/kit-ai';

const exportReport: AgentTask = {
  name: 'export_report',
  description: 'Writes a Markdown report to the reports folder and returns its path.',
  kind: 'custom',
  parameters: {
    type: 'object',
    properties: { fileName: { type: 'string', pattern: '^[a-z0-9-]+\\.md$' }, markdown: { type: 'string' } },
    required: ['fileName', 'markdown'],
  },
  isConcurrencySafe: false,
  failureMode: 'soft',
  // Past 10 s the call fails with "Task export_report timed out after 10000 ms" and context.signal is aborted.
  timeout: 10_000,
  // The context holds callId, goal, iteration, signal and the run's llm.
  execute: async (args, context) => {
    await mkdir('reports', { recursive: true });
    const path = `reports/${String(args.fileName)}`;
    await writeFile(path, String(args.markdown), { signal: context.signal });
    return { path, callId: context.callId };
  },
};

export function createReportingAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({
    llm,
    tools,
    tasks: [exportReport],
    hooks: {
      // Asked before each task submission; allowed: false ends the run approval_required with
      // pendingApproval.kind "task".
      beforeTaskCall: async () =>
        process.env.REPORTS_READ_ONLY === '1'
          ? { allowed: false, reason: 'Report exports are disabled on this machine.' }
          : { allowed: true },
      // Receives the AgentTaskCallRecord: task, kind, status, result or error, durationMs.
      afterTaskCall: (record) => console.log(`${record.task} (${record.kind}): ${record.status} in ${record.durationMs} ms`),
    },
  });
}
