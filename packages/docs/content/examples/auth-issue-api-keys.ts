// ---
// title: Issuing and checking agent API keys
// description: Issues an API key with generateApiKey, stores only its hash and prefix, shows the key once, and later finds the record by prefix and confirms the key with verifyApiKey.
// topics: [authentication, agents]
// relatedDocs: /docs/authentication#generateapikey
// ---
import { generateApiKey, verifyApiKey } from '@kit/kit-auth';

interface StoredKey {
  agentName: string;
  prefix: string; // not secret: safe to show in a list of keys
  hash: string; // what verifyApiKey checks against
}

// Stand-in for a database table; never store the key itself.
const storedKeys: StoredKey[] = [];

export function issueKey(agentName: string): string {
  const { key, hash, prefix } = generateApiKey();
  storedKeys.push({ agentName, prefix, hash });
  // Return the key to show it once; it cannot be recovered later.
  return key;
}

export async function agentForKey(presentedKey: string): Promise<string | null> {
  // The prefix narrows the search; the timing-safe verification decides.
  const candidates = storedKeys.filter((stored) => presentedKey.startsWith(stored.prefix));
  for (const candidate of candidates) {
    if (await verifyApiKey(presentedKey, candidate.hash)) return candidate.agentName;
  }
  return null;
}

const key = issueKey('nightly-triage-bot');
console.log('give this key to the agent once:', key);
console.log('resolves to', await agentForKey(key));
