export {
  defineRateLimit,
  type RateLimitConfig,
  type RateLimitDefinition,
  type RateLimitRule,
  type ResolvedRateLimitRule,
} from './define-rate-limit.js';
export { parseWindow } from './parse-window.js';
export type { RateLimitHit, RateLimitStore, ReplayStore } from './store.js';
export { MemoryStore, type MemoryStoreOptions } from './memory-store.js';
export { RedisStore, type RedisStoreOptions } from './redis-store.js';
