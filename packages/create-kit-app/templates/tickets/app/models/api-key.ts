import { belongsTo, boolean, datetime, defineModel, id, string } from '@kit/kit-db';

/**
 * An API key a person made for an agent. Only its hash is stored; the key itself is shown once, when
 * it is made. The agent calls the API as `agent:<name>` with the owner's ticket permissions. A name is
 * never given to a second key, even once the first is revoked: what `agent:<name>` did stays its own.
 */
export const apiKey = defineModel('apiKey', {
  id: id(),
  name: string({ maxLength: 60 }).unique(),
  prefix: string({ maxLength: 40 }).unique(),
  hash: string({ maxLength: 64 }),
  owner: belongsTo('user', { onDelete: 'cascade' }),
  revoked: boolean().default(false),
  createdAt: datetime().default(() => new Date()),
});

export default apiKey;
