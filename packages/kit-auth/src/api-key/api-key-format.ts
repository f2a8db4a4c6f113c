/** What every kit API key starts with, so scanners (and people) can recognise a leaked one. */
export const apiKeyScheme = 'kit_';

// kit_<8 lowercase hex>_<32 random bytes in base64url, 43 characters>. The secret may itself contain '_',
// so the parts are told apart by position, not by splitting on '_'.
const apiKeyPattern = /^kit_([0-9a-f]{8})_[A-Za-z0-9_-]{43}$/;

/** The lookup prefix `kit_<8 hex>` of a well-formed key, or null. */
export function prefixOf(key: unknown): string | null {
  if (typeof key !== 'string' || key.length !== 56) return null;
  const match = apiKeyPattern.exec(key);
  return match ? `kit_${match[1]!}` : null;
}

/** Whether a presented credential looks like a kit API key at all (as opposed to a JWT), whatever its length. */
export function looksLikeApiKey(credential: string): boolean {
  return credential.startsWith(apiKeyScheme);
}
