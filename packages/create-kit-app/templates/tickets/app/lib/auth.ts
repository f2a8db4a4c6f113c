import { createAuthMiddleware, type ApiKeyRecord, type SessionUser } from '@kit/kit-auth';
import { KitError, type KitContext } from '@kit/kit-core';
import { apiKey } from '../models/api-key.js';
import { user } from '../models/user.js';
import { db } from './db.js';

/** What people and their agents may do; admins also decide what agents ask to do. */
export const memberPermissions = ['tickets:*', 'keys:*'] as const;
export const adminPermissions = [...memberPermissions, 'approvals:decide'] as const;

/** The permissions of a person's role. */
export function permissionsOf(role: 'admin' | 'member'): readonly string[] {
  return role === 'admin' ? adminPermissions : memberPermissions;
}

/**
 * The secret sessions are signed with: `SESSION_SECRET`, at least 32 characters. create-kit-app wrote
 * a random one into .env; set your own in production (`openssl rand -base64 48`).
 */
export function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET ?? '';
  if (secret.length < 32) {
    throw new Error(`SESSION_SECRET is ${secret === '' ? 'not set' : `only ${secret.length} characters long`}; set it to at least 32 random characters in the environment or in .env (openssl rand -base64 48)`);
  }
  return secret;
}

/**
 * Who is calling: a person with the `kit_session` cookie (or the session as a bearer token), an agent
 * with `Authorization: Bearer kit_...` (an API key), or nobody. Sessions and keys are looked up at
 * each request, so a deleted person or a revoked key stops working at once.
 */
export const authentication = createAuthMiddleware(
  { sessionSecret: sessionSecret() },
  {
    findUser: async (claims): Promise<SessionUser | null> => {
      if (typeof claims.sub !== 'string') return null;
      const person = await (await db()).findById(user, claims.sub);
      return person === null ? null : { subject: person.id, permissions: permissionsOf(person.role) };
    },
    findApiKey: async (prefix): Promise<ApiKeyRecord | null> => {
      const database = await db();
      const key = (await database.list(apiKey, { where: { prefix }, limit: 1 })).items[0];
      if (key === undefined) return null;
      const owner = await database.findById(user, key.ownerId);
      // An agent acts for its owner on tickets, but never decides approvals nor makes keys.
      const permissions = owner === null ? [] : ['tickets:*'];
      return { subject: `agent:${key.name}`, hash: key.hash, permissions, revoked: key.revoked || owner === null };
    },
  },
);

/** The caller's name as people see it in the app: the person's name, or the agent's with "(agent)". */
export function callerName(ctx: KitContext): string {
  if (ctx.authType === 'agent' && ctx.auth) return `${ctx.auth.subject.replace(/^agent:/, '')} (agent)`;
  const name = ctx.auth?.claims?.name;
  return typeof name === 'string' ? name : (ctx.auth?.subject ?? 'someone');
}

/**
 * The signed-in person's id; a 401 for agents and anonymous callers, which the error page of a page
 * turns into a sign-in link. Loaders of signed-in pages and people-only routes start with it.
 */
export function requirePerson(ctx: KitContext): string {
  if (ctx.authType !== 'human' || ctx.auth === undefined) throw new KitError('unauthorized', 'Sign in first: this is for people who signed in, not for API keys.');
  return ctx.auth.subject;
}
