// ---
// title: Issuing and checking agent API keys
// description: Issues an API key with generateApiKey, stores only its prefix and hash, shows the key once, and later finds the record by apiKeyPrefix and confirms the key with verifyApiKey, refusing revoked keys.
// topics: [authentication, agents]
// relatedDocs: /docs/authentication#generateapikey
// ---
import { apiKeyPrefix, generateApiKey, verifyApiKey } from '@kit/kit-auth';

interface StoredKey {
  agentName: string;
  hash: string; // SHA-256 of the key, 64 hex characters: what verifyApiKey checks against
  revoked: boolean;
}

// Stand-in for a table keyed by prefix (kit_<8 hex>, not secret); the key itself is never stored.
const storedKeys = new Map<string, StoredKey>();

export function issueKey(agentName: string): string {
  const { key, hash, prefix } = generateApiKey();
  storedKeys.set(prefix, { agentName, hash, revoked: false });
  // kit_<8 hex>_<43 base64url>: show it once, it cannot be recovered later.
  return key;
}

export function agentForKey(presentedKey: string): string | null {
  const prefix = apiKeyPrefix(presentedKey); // null for anything that is not a kit key
  const stored = prefix === null ? undefined : storedKeys.get(prefix);
  // The prefix finds the record; the timing-safe comparison of the hashes decides.
  if (!stored || stored.revoked || !verifyApiKey(presentedKey, stored.hash)) return null;
  return stored.agentName;
}

const key = issueKey('nightly-triage-bot');
console.log('give this key to the agent once:', key, `(${key.length} characters)`);
console.log('resolves to', agentForKey(key)); // nightly-triage-bot
console.log('an altered key resolves to', agentForKey(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)); // null

storedKeys.get(apiKeyPrefix(key) ?? '')!.revoked = true;
console.log('after revocation', agentForKey(key)); // null
