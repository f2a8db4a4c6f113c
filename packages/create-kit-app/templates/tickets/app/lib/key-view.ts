import type { InferRow } from '@kit/kit-db';
import { z } from 'zod';
import { apiKey } from '../models/api-key.js';
import { db } from './db.js';

/** An API key as its owner sees it in lists: never the key, never its hash. */
export const keyOutput = z.strictObject({
  id: z.string(),
  name: z.string().describe('The agent acts as agent:<name>'),
  prefix: z.string().describe('The start of the key, to recognise it'),
  revoked: z.boolean(),
  createdAt: z.string(),
});

export type KeyView = z.infer<typeof keyOutput>;

export function keyView(row: InferRow<typeof apiKey>): KeyView {
  return { id: row.id, name: row.name, prefix: row.prefix, revoked: row.revoked, createdAt: row.createdAt.toISOString() };
}

/** A person's API keys, newest first: what GET /api/keys answers and the keys page shows. */
export async function keysOf(ownerId: string): Promise<KeyView[]> {
  const page = await (await db()).list(apiKey, { where: { ownerId }, orderBy: { field: 'createdAt', direction: 'desc' }, limit: 100 });
  return page.items.map(keyView);
}
