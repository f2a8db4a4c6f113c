import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';

// GET /api/hello. The schemas are the route's contract: kit checks input and output against them and
// publishes them in /openapi.json and as the MCP tool get_api_hello, so keep the description accurate.
export default defineAPI({
  description: 'Returns a greeting for the name given.',
  capability: 'read',
  input: z.strictObject({
    name: z.string().min(1).max(100).default('world').describe('Who to greet'),
  }),
  output: z.strictObject({
    message: z.string().describe('The greeting'),
  }),
  handler: async ({ input }) => ({ message: `Hello, ${input.name}!` }),
});
