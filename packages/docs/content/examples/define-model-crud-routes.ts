// ---
// title: Generated CRUD routes next to a hand-written route
// description: Generates the list, get, create, update and delete routes of two plain models with generateCrudRoutes, and writes the one route that needs a transaction and a policy by hand with defineAPI, turning kit-db errors into HTTP problems.
// topics: [defineModel, database, defineAPI]
// relatedDocs: /docs/database#generatecrudroutes
// ---
// app/models/customer.ts
import { defineAPI, invalidInput } from '@kit/kit-core';
import { belongsTo, datetime, defaultDatabase, defineModel, generateCrudRoutes, id, integer, KitDbError, string } from '@kit/kit-db';
import { z } from 'zod';

export const customer = defineModel('customer', {
  id: id(),
  name: string(),
  // A second customer with the same e-mail is a 409 conflict on POST /api/customers.
  email: string().unique(),
  createdAt: datetime().default(() => new Date()),
});

export const invoice = defineModel('invoice', {
  id: id(),
  amountCents: integer(),
  customer: belongsTo('customer'),
});

// Plain data access: GET /api/customers, GET /api/customers/:id, POST /api/customers,
// PATCH /api/customers/:id and DELETE /api/customers/:id, on the process default database.
export const customerRoutes = generateCrudRoutes(customer);
// Invoices are written by the billing job: the API only reads them (GET /api/invoices?customerId=…).
export const invoiceRoutes = generateCrudRoutes(invoice, { only: ['list', 'get'] });

// Merging two customers moves the invoices and deletes the duplicate in one transaction, and only a
// person may do it, so it is written by hand.
export const mergeCustomers = defineAPI({
  description: 'Merges a duplicate customer into another: moves its invoices, then deletes the duplicate.',
  capability: 'write',
  resource: 'customers',
  policy: 'humans-only',
  input: z.object({ keepId: z.string().min(1), duplicateId: z.string().min(1) }),
  output: z.object({ keptId: z.string(), removedId: z.string(), movedInvoices: z.number().int() }),
  handler: async ({ input }) => {
    if (input.keepId === input.duplicateId) throw invalidInput([{ field: 'duplicateId', message: 'must differ from keepId' }]);
    try {
      return await defaultDatabase().transaction(async (tx) => {
        await tx.get(customer, input.keepId); // not_found when missing: a 404
        await tx.get(customer, input.duplicateId);
        let movedInvoices = 0;
        for (;;) {
          const { items } = await tx.list(invoice, { where: { customerId: input.duplicateId }, limit: 1000 });
          if (items.length === 0) break;
          for (const item of items) await tx.update(invoice, item.id, { customerId: input.keepId });
          movedInvoices += items.length;
        }
        await tx.delete(customer, input.duplicateId);
        return { keptId: input.keepId, removedId: input.duplicateId, movedInvoices };
      });
    } catch (error) {
      // A KitDbError is not a KitError: converted, a missing customer is a 404 instead of a 500.
      if (error instanceof KitDbError) throw error.toKitError();
      throw error;
    }
  },
});

// In the app: routes: { ...customerRoutes, ...invoiceRoutes, 'POST /api/customers/merge': mergeCustomers }
