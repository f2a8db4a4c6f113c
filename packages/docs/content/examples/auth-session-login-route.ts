// ---
// title: Signing a session at login with signSession
// description: A login route that checks a password with a timing-safe comparison and creates a signed JWT session with signSession; how the token travels to the browser (cookie or header) is the application's choice.
// topics: [authentication, defineAPI]
// relatedDocs: /docs/authentication#signsession
// ---
import { scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { signSession } from '@kit/kit-auth';
import { defineAPI, env } from '@kit/kit-core';
import { z } from 'zod';

const scryptAsync = promisify(scrypt) as (password: string, salt: string, length: number) => Promise<Buffer>;

// Stand-in for your user table: salt and scrypt hash of each password.
const users = new Map([['ada@example.com', { id: 'u-1', salt: 'c2FsdA', hash: Buffer.alloc(32) }]]);

async function passwordMatches(email: string, password: string): Promise<string | null> {
  const user = users.get(email);
  if (!user) return null;
  const candidate = await scryptAsync(password, user.salt, user.hash.length);
  return timingSafeEqual(candidate, user.hash) ? user.id : null;
}

export default defineAPI({
  description: 'Signs a person in and starts a session.',
  capability: 'write',
  resource: 'sessions',
  input: z.object({ email: z.email(), password: z.string().min(1) }),
  output: z.object({ signedIn: z.boolean(), token: z.string().optional() }),
  handler: async ({ input }) => {
    const secret = env('SESSION_SECRET');
    if (secret === '') throw new Error('login route: SESSION_SECRET is not set; add a long random value to the environment.');

    const userId = await passwordMatches(input.email, input.password);
    if (userId === null) return { signedIn: false };

    // await works whether signSession is synchronous or not.
    const token = await signSession({ userId }, secret);
    return { signedIn: true, token };
  },
});
