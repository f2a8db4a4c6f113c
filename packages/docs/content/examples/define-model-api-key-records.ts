// ---
// title: Storing agent API keys in a model
// description: A model for agent API keys that keeps only the prefix and hash returned by generateApiKey, with the agent it belongs to, its permissions and expiry, and the findApiKey lookup the auth middleware calls.
// topics: [defineModel, authentication]
// relatedDocs: /docs/database#definemodel
// ---
// app/models/agent-key.ts
import { generateApiKey, type ApiKeyRecord } from '@kit/kit-auth';
import { belongsTo, boolean, datetime, defineModel, hasMany, id, json, string, type KitDatabase } from '@kit/kit-db';

export const agent = defineModel('agent', {
  id: id(),
  name: string().unique(),
  keys: hasMany('agentKey'),
});

export const agentKey = defineModel('agentKey', {
  id: id(),
  // Non-secret start of the key (12 characters): how the middleware finds the record, and what the
  // key list shows so people can tell keys apart. Unique, so the lookup is one index read.
  prefix: string({ maxLength: 12 }).unique(),
  // SHA-256 of the key, 64 hex characters: what verifyApiKey checks the presented key against.
  // The key itself is never stored.
  hash: string({ maxLength: 64 }),
  label: string({ maxLength: 80 }),
  // The column agentId; the keys go when their agent is deleted.
  agent: belongsTo('agent', { onDelete: 'cascade' }),
  permissions: json<string[]>().default([]),
  revoked: boolean().default(false),
  expiresAt: datetime().optional(),
  createdAt: datetime().default(() => new Date()),
  lastUsedAt: datetime().optional(),
});

/** Issues a key: stores its prefix and hash, and returns the key, to hand to the agent once. */
export async function issueAgentKey(db: KitDatabase, agentId: string, label: string, permissions: string[]): Promise<string> {
  const { key, hash, prefix } = generateApiKey();
  await db.insert(agentKey, { prefix, hash, label, agentId, permissions });
  return key;
}

/** The `findApiKey` finder of createAuthMiddleware: the record of a key prefix, or null. */
export async function findApiKey(db: KitDatabase, prefix: string): Promise<ApiKeyRecord | null> {
  const { items } = await db.list(agentKey, { where: { prefix }, limit: 1 });
  const record = items[0];
  if (record === undefined) return null;
  return {
    subject: record.agentId,
    hash: record.hash,
    permissions: record.permissions,
    revoked: record.revoked,
    ...(record.expiresAt === null ? {} : { expiresAt: record.expiresAt }),
  };
}
