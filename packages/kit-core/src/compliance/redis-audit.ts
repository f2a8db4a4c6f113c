import type { Redis } from 'ioredis';
import { matchesFilter, type AuditEntry, type AuditFilter } from './audit-types.js';

/** Default length past which `RedisStore` trims its audit stream: 100 000 entries. */
export const defaultAuditMaxEntries = 100_000;

/**
 * How far the stream is read beyond a time range. Stream ids carry the Redis server's clock at the
 * time of writing, entries carry the app's clock at the end of the call; a margin covers the network
 * and clock skew up to five minutes between them, and entries are then selected by their own `at`.
 */
const clockMarginMs = 5 * 60_000;
const batchSize = 500;

/**
 * Appends an entry to the stream `key` as its JSON in the field `entry` (XADD), trimming the stream
 * to about `maxEntries` (approximate MAXLEN, which Redis applies cheaply, so it may hold a few more).
 */
export async function appendAuditEntry(client: Promise<Redis>, key: string, maxEntries: number, entry: AuditEntry): Promise<void> {
  await (await client).xadd(key, 'MAXLEN', '~', maxEntries, '*', 'entry', JSON.stringify(entry));
}

/** The entries of the stream `key` that match `filter`, oldest first, read in batches with XRANGE. */
export async function* readAuditEntries(client: Promise<Redis>, key: string, filter: AuditFilter): AsyncIterable<AuditEntry> {
  const redis = await client;
  let start = filter.since ? String(Math.max(0, filter.since.getTime() - clockMarginMs)) : '-';
  const end = filter.until ? String(filter.until.getTime() + clockMarginMs) : '+';
  for (;;) {
    const batch = await redis.xrange(key, start, end, 'COUNT', batchSize);
    for (const [, fields] of batch) {
      const entry = parseEntry(fields);
      if (entry && matchesFilter(entry, filter)) yield entry;
    }
    if (batch.length < batchSize) return;
    // An exclusive start (Redis 6.2 and later) continues after the last id read.
    start = `(${batch[batch.length - 1]![0]}`;
  }
}

function parseEntry(fields: string[]): AuditEntry | undefined {
  for (let index = 0; index + 1 < fields.length; index += 2) {
    if (fields[index] !== 'entry') continue;
    try {
      return JSON.parse(fields[index + 1]!) as AuditEntry;
    } catch {
      // Something else wrote to the stream; it is not an entry of this trail.
      return undefined;
    }
  }
  return undefined;
}
