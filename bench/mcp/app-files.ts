/** The route file of the `bench:mcp` app: one `defineAPI` route, served both over HTTP and as an MCP tool. */

export function mcpBenchAppFiles(): Record<string, string> {
  return {
    'app/routes/api/tickets.api.ts': [
      `import { defineAPI } from '@kit/kit-core';`,
      `import { z } from 'zod';`,
      ``,
      `const rows = Array.from({ length: 100 }, (_, index) => ({`,
      `  id: \`T-\${1000 + index}\`,`,
      `  title: \`Ticket number \${index} about the printer on floor \${index % 7}\`,`,
      `  status: index % 3 === 0 ? 'closed' : 'open',`,
      `  owner: \`person\${index % 13}@example.com\`,`,
      `}));`,
      ``,
      `export const GET = defineAPI({`,
      `  description: 'Lists tickets, newest first, optionally only those with one status.',`,
      `  capability: 'read',`,
      `  input: z.object({ status: z.enum(['open', 'closed']).optional(), limit: z.number().int().min(1).max(100).default(20) }),`,
      `  handler: async ({ input }) => {`,
      `    const tickets = rows.filter((row) => input.status === undefined || row.status === input.status).slice(0, input.limit);`,
      `    return { count: tickets.length, tickets };`,
      `  },`,
      `});`,
    ].join('\n'),
  };
}
