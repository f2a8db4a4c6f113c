import { defineAPI, KitError } from '@kit/kit-core';
import { z } from 'zod';
import { requirePerson } from '../../../../lib/auth.js';
import { db } from '../../../../lib/db.js';
import { keyOutput, keyView } from '../../../../lib/key-view.js';
import { apiKey } from '../../../../models/api-key.js';

// POST /api/keys/:id/revoke: the key stops working at its next request.
export default defineAPI({
  description: 'Revokes one of your API keys; the agent using it is refused from its next call.',
  capability: 'write',
  resource: 'keys',
  policy: 'people-only',
  input: z.strictObject({ id: z.string().describe('The key id (not the key)') }),
  output: keyOutput,
  handler: async ({ input, ctx }) => {
    const database = await db();
    const key = await database.findById(apiKey, input.id);
    // Someone else's key is answered like a missing one, so ids reveal nothing.
    if (key === null || key.ownerId !== requirePerson(ctx)) throw new KitError('not_found', `No API key ${input.id} of yours; list yours with GET /api/keys.`);
    return keyView(await database.update(apiKey, input.id, { revoked: true }));
  },
});
