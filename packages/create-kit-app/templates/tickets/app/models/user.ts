import { boolean, datetime, defineModel, enumField, id, string } from '@kit/kit-db';

/**
 * A person who signs in with an e-mail address and a password. The first person to sign up is an
 * `admin`: admins also review what agents ask to do (see app/policies/reviewers-only.ts).
 */
export const user = defineModel('user', {
  id: id(),
  email: string({ maxLength: 200 }).unique(),
  // Checked with checkDisplayName of @kit/kit-auth: no role names, no "(agent)" (app/lib/accounts.ts).
  name: string({ maxLength: 100 }),
  // From hashPassword of @kit/kit-auth: scrypt, with its parameters and salt. Never the password itself.
  passwordHash: string({ maxLength: 300 }),
  role: enumField(['admin', 'member']).default('member'),
  // true for the first account only, null for every other: being unique, it lets one sign-up be the first
  // even when two arrive at once (app/lib/accounts.ts).
  firstAccount: boolean().optional().unique(),
  createdAt: datetime().default(() => new Date()),
});

export default user;
