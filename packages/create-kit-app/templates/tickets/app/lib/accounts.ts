import { KitDbError, type InferRow, type KitDatabase } from '@kit/kit-db';
import { user } from '../models/user.js';

/** What a sign-up stores: the name from checkDisplayName and the hash from hashPassword. */
export interface NewAccount {
  readonly name: string;
  readonly email: string;
  readonly passwordHash: string;
}

/** Whether `error` is a unique constraint of `user` refusing `field`. */
function takenField(error: unknown, field: 'email' | 'firstAccount'): boolean {
  return error instanceof KitDbError && error.code === 'constraint_violation' && error.constraint === 'unique' && error.field === field;
}

/**
 * Creates an account; resolves to null when the e-mail address has one already. The first account ever made
 * administers the app. "First" is settled by the database, not by counting: the first account is stored with
 * `firstAccount: true`, a unique column, so of two sign-ups that both find no account (two requests at once,
 * on PostgreSQL's default isolation as on SQLite) only one can store it; the other becomes a member. The
 * e-mail address is unique the same way, so two sign-ups with one address make one account.
 */
export async function createAccount(database: KitDatabase, account: NewAccount): Promise<InferRow<typeof user> | null> {
  try {
    if ((await database.count(user)) === 0) {
      try {
        return await database.insert(user, { ...account, role: 'admin', firstAccount: true });
      } catch (error) {
        // Another sign-up was first: this one is a member.
        if (!takenField(error, 'firstAccount')) throw error;
      }
    }
    return await database.insert(user, { ...account, role: 'member', firstAccount: null });
  } catch (error) {
    if (takenField(error, 'email')) return null;
    throw error;
  }
}
