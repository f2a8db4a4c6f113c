/**
 * @kit/kit-core/redis: the Redis backend of rate limits, approvals, DPoP replay claims, locks and the
 * audit trail, for apps that run on more than one process. The main entry exports it too.
 */
export { RedisStore, type RedisStoreOptions } from './rate-limit/index.js';
