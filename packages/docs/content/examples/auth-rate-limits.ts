// ---
// title: Declaring rate limits with defineRateLimit
// description: Declares the default rate limit for every caller from environment settings with defineRateLimit; anonymous, human and agent callers can each get their own entry under perAuthType.
// topics: [authentication]
// relatedDocs: /docs/authentication#rate-limits
// ---
import { defineRateLimit, env } from '@kit/kit-core';

// RATE_LIMIT_REQUESTS=300 RATE_LIMIT_WINDOW=1m; env() returns '' when unset.
// '1m' is illustrative: the reference does not give the format of `window`.
const requests = Number(env('RATE_LIMIT_REQUESTS') || '100');
const window = env('RATE_LIMIT_WINDOW') || '1m';

export const rateLimits = defineRateLimit({
  // At most `requests` requests per `window` for every caller.
  default: { requests, window },
  // perAuthType takes optional anonymous, human and agent entries to override the default for one
  // kind of caller; the reference does not show the shape of an entry, so check the type in your editor.
});
