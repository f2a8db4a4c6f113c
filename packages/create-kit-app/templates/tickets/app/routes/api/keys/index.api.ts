import { generateApiKey } from '@kit/kit-auth';
import { defineAPI, KitError } from '@kit/kit-core';
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
      .regex(/^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/, 'use 3 to 60 lower-case letters, digits and dashes, such as triage-bot')
      .describe('The agent name, unique in the app: the agent acts as agent:<name>'),
  }),
  output: keyOutput.extend({ key: z.string().describe('The whole key: send it as Authorization: Bearer <key>') }),
  handler: async ({ input, ctx }) => {
    const database = await db();
    if ((await database.count(apiKey, { name: input.name })) > 0) throw new KitError('conflict', `An agent named "${input.name}" already has a key; choose another name, or revoke that key first.`);
    const generated = generateApiKey();
    const stored = await database.insert(apiKey, { name: input.name, prefix: generated.prefix, hash: generated.hash, ownerId: requirePerson(ctx) });
    return { ...keyView(stored), key: generated.key };
  },
});
