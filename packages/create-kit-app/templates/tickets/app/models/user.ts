import { datetime, defineModel, enumField, id, string } from '@kit/kit-db';

/**
 * A person who signs in with an e-mail address and a password. The first person to sign up is an
 * `admin`: admins also review what agents ask to do (see app/policies/reviewers-only.ts).
 */
export const user = defineModel('user', {
  id: id(),
  email: string({ maxLength: 200 }).unique(),
  name: string({ maxLength: 100 }),
  // scrypt, with its parameters and salt: see app/lib/passwords.ts. Never the password itself.
  passwordHash: string({ maxLength: 300 }),
  role: enumField(['admin', 'member']).default('member'),
  createdAt: datetime().default(() => new Date()),
});

export default user;
