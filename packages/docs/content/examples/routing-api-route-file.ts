// ---
// title: An API route file with a shared schema
// description: A *.api.ts file in the route tree whose default export is a defineAPI definition; its zod output schema is exported too, so a page and a test can reuse it.
// topics: [routing, defineAPI]
// relatedDocs: /docs/routing#api-routes-apits
// ---
// app/routes/api/projects.api.ts
import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';

export const projectList = z.object({
  projects: z.array(z.object({ id: z.string(), name: z.string(), openTickets: z.number().int() })),
});

export default defineAPI({
  description: 'Lists the projects the caller can see, with their number of open tickets.',
  capability: 'read',
  resource: 'projects',
  output: projectList,
  handler: async () => ({
    projects: [
      { id: 'p-1', name: 'Website', openTickets: 4 },
      { id: 'p-2', name: 'Mobile app', openTickets: 0 },
    ],
  }),
});
