// ---
// title: Generated CRUD routes next to a hand-written route
// description: Generates the create, read, update and delete routes of a plain model with generateCrudRoutes, and writes the one route that needs a policy by hand with defineAPI.
// topics: [defineModel, database, defineAPI]
// relatedDocs: /docs/database#generatecrudroutes
// ---
// src/models/customer.model.ts
import { defineAPI } from '@kit/kit-core';
import { datetime, defineModel, generateCrudRoutes, id, string } from '@kit/kit-db';
import { z } from 'zod';

export const customer = defineModel('customer', {
  id: id(),
  name: string(),
  email: string(),
  createdAt: datetime(),
});

// Plain data access: let kit-db write the list, get, create, update and delete routes.
// The HTTP paths and methods it produces are not listed in the reference.
export const customerCrudRoutes = generateCrudRoutes(customer);

// Merging two customers needs validation and a policy, so it is written by hand.
export const mergeCustomers = defineAPI({
  description: 'Merges a duplicate customer into another and deletes the duplicate.',
  capability: 'write',
  resource: 'customers',
  policy: 'humans-only',
  input: z.object({ keepId: z.string(), duplicateId: z.string() }),
  output: z.object({ keptId: z.string(), removedId: z.string() }),
  handler: async ({ input }) => ({ keptId: input.keepId, removedId: input.duplicateId }),
});
