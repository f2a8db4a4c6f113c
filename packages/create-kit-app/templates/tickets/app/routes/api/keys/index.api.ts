import { generateApiKey } from '@kit/kit-auth';
import { defineAPI, KitError } from '@kit/kit-core';
import { KitDbError } from '@kit/kit-db';
import { z } from 'zod';
import { requirePerson } from '../../../lib/auth.js';
import { db } from '../../../lib/db.js';
import { keyOutput, keysOf, keyView } from '../../../lib/key-view.js';
import { apiKey } from '../../../models/api-key.js';

// GET and POST /api/keys: a person's API keys for their agents.
export const GET = defineAPI({
  description: 'Lists the API keys of the signed-in person, newest first.',
  capability: 'read',
  resource: 'keys',
  policy: 'people-only',
  input: z.strictObject({}),
  output: z.strictObject({ items: z.array(keyOutput) }),
  handler: async ({ ctx }) => {
    return { items: await keysOf(requirePerson(ctx)) };
  },
});

export const POST = defineAPI({
  description: 'Makes an API key for an agent; the key is in this answer only, so hand it over now.',
  capability: 'write',
  resource: 'keys',
  policy: 'people-only',
  input: z.strictObject({
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/, 'must be 3 to 60 lower-case letters, digits and dashes, such as triage-bot')
      .describe('The agent name, unique in the app and never reused, even after its key is revoked: the agent acts as agent:<name>'),
  }),
  output: keyOutput.extend({ key: z.string().describe('The whole key: send it as Authorization: Bearer <key>') }),
  // 201 without Location: a key has no URL of its own to read it at (its secret is shown once, here).
  response: { kind: 'created' },
  handler: async ({ input, ctx }) => {
    const database = await db();
    // A name stays taken after its key is revoked: tickets and approvals record what agent:<name> did, and a
    // new key under the same name would act as that agent (and could use an approval granted to it).
    const taken = () => new KitError('conflict', `The agent name "${input.name}" is taken (by a key in use or a revoked one, since names are never reused); choose another, such as "${input.name.slice(0, 57)}-2".`);
    if ((await database.count(apiKey, { name: input.name })) > 0) throw taken();
    const generated = generateApiKey();
    try {
      const stored = await database.insert(apiKey, { name: input.name, prefix: generated.prefix, hash: generated.hash, ownerId: requirePerson(ctx) });
      return { ...keyView(stored), key: generated.key };
    } catch (error) {
      // Two requests for one name at once: the unique name settles it.
      if (error instanceof KitDbError && error.constraint === 'unique' && error.field === 'name') throw taken();
      throw error;
    }
  },
});
