// ---
// title: A background task of kind custom
// description: Writes an AgentTask by hand for work that runs through the task fabric - exporting a report - and gates every task submission with the beforeTaskCall hook.
// topics: [agents]
// relatedDocs: /docs/agent-tools-and-tasks#agenttask
// ---
import { writeFile } from 'node:fs/promises';
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
  // The second argument is the AgentTaskExecutionContext given by the task fabric.
  execute: async (args, _context) => {
    const path = `reports/${String(args.fileName)}`;
    await writeFile(path, String(args.markdown));
    return { path };
  },
};

export function createReportingAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({
    llm,
    tools,
    tasks: [exportReport],
    hooks: {
      // Runs before each task submission; returning allowed: false blocks it with a reason.
      beforeTaskCall: async () =>
        process.env.REPORTS_READ_ONLY === '1'
          ? { allowed: false, reason: 'Report exports are disabled on this machine.' }
          : { allowed: true },
    },
  });
}
