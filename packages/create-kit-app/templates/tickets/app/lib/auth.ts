import { createAuthMiddleware, createSessionRevocation, type ApiKeyRecord, type SessionRevocationStore, type SessionUser } from '@kit/kit-auth';
import { KitError, type KitContext } from '@kit/kit-core';
import { KitDbError } from '@kit/kit-db';
import { apiKey } from '../models/api-key.js';
import { sessionRevocation } from '../models/session-revocation.js';
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
 * Revocations kept in the app's own database (the sessionRevocation table), so every process that serves
 * the app sees them: the store of createSessionRevocation is these two methods.
 */
const revocationTable: SessionRevocationStore = {
  async set(target, revokedAt, ttlMs) {
    const database = await db();
    const now = new Date();
    const values = { revokedAt, expiresAt: new Date(now.getTime() + ttlMs) };
    const find = async () => (await database.list(sessionRevocation, { where: { target }, limit: 1 })).items[0];
    const existing = await find();
    if (existing) await database.update(sessionRevocation, existing.id, values);
    else {
      try {
        await database.insert(sessionRevocation, { target, ...values });
      } catch (error) {
        // Two sign-outs of one session at once (a double click): the other one wrote the row first.
        const written = error instanceof KitDbError && error.constraint === 'unique' ? await find() : undefined;
        if (written === undefined) throw error;
        await database.update(sessionRevocation, written.id, values);
      }
    }
    // Revocations of sessions that have expired since are no longer needed.
    const expired = await database.list(sessionRevocation, { where: { expiresAt: { lt: now } }, limit: 100 });
    for (const row of expired.items) await database.delete(sessionRevocation, row.id);
  },
  async get(targets) {
    const rows = await (await db()).list(sessionRevocation, { where: { target: { in: [...targets] }, expiresAt: { gt: new Date() } }, limit: targets.length });
    return targets.map((target) => rows.items.find((row) => row.target === target)?.revokedAt ?? null);
  },
};

/**
 * Sessions signed out before they expire: sign-out revokes its session (app/lib/session-routes.ts), and
 * `revokeAllSessions(userId)` signs a person out everywhere. Each process checks the table at most every
 * 5 seconds per session, and at once after a sign-out it made itself.
 */
export const sessionRevocations = createSessionRevocation({ store: revocationTable });

/**
 * Who is calling: a person with the session cookie (`__Host-kit_session` over HTTPS, `kit_session` in
 * development; or the session as a bearer token), an agent with `Authorization: Bearer kit_...` (an API
 * key), or nobody. Sessions and keys are looked up at each request, so a deleted person, a signed-out
 * session or a revoked key stops working at once.
 */
export const authentication = createAuthMiddleware(
  { sessionSecret: sessionSecret(), revocation: sessionRevocations },
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
