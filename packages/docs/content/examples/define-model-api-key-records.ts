// ---
// title: Storing agent API keys in a model
// description: A model for agent API keys that keeps only the prefix and hash returned by generateApiKey, with the agent it belongs to and when the key was last used.
// topics: [defineModel, authentication]
// relatedDocs: /docs/database#definemodel
// ---
// src/models/agent-key.model.ts
import { generateApiKey } from '@kit/kit-auth';
import { belongsTo, datetime, defineModel, id, string } from '@kit/kit-db';

export const agentKey = defineModel('agentKey', {
  id: id(),
  // Non-secret start of the key: shown in the key list so people can tell keys apart.
  prefix: string(),
  // What verifyApiKey checks the presented key against; the key itself is never stored.
  hash: string(),
  label: string(),
  // The relation builders' arguments are not listed in the reference; see belongsTo()'s type.
  agent: belongsTo('agent'),
  createdAt: datetime(),
  lastUsedAt: datetime(),
});

// When issuing a key, keep prefix and hash for the record and hand `key` to the agent once.
export function newKeyRecordValues(label: string) {
  const { key, hash, prefix } = generateApiKey();
  return { showOnce: key, record: { prefix, hash, label } };
}
