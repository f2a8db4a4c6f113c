import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ApprovalLimitError } from './approval-limit-error.js';
import type { Approval, ApprovalChange, ApprovalLimits, ApprovalRequester, ApprovalStatus, ApprovalTransition } from './types.js';

/** How long Redis keeps an approval after it expires, so its status can still be read: 1 hour. */
export const redisApprovalGraceMs = 3_600_000;

// Each approval is a hash: `record` holds the fields that never change (written once, as JSON, by
// Node), the others change with its status. Scripts never re-encode the record, so the input reads
// back exactly as written. A sorted set indexes the ids by the time their keys lapse, for listing.

// Adds a pending approval unless the fingerprint points to a live one (pending or approved, not
// expired), which is returned instead; one script, so two replicas adding the same call make one.
// KEYS[4] is a sorted set of the requester's pending approvals by expiry: past ARGV[9] of them
// (0: no cap) the script adds nothing and replies { 'limit' }. Nothing is ever evicted to make room.
const addScript = `
local existing = redis.call('GET', KEYS[1])
if existing then
  local key = ARGV[8] .. existing
  local found = redis.call('HMGET', key, 'status', 'expiresAtMs')
  if (found[1] == 'pending' or found[1] == 'approved') and tonumber(found[2]) > tonumber(ARGV[2]) then
    return redis.call('HGETALL', key)
  end
end
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', ARGV[2])
local cap = tonumber(ARGV[9])
if cap > 0 and redis.call('ZCARD', KEYS[4]) >= cap then
  return { 'limit' }
end
redis.call('HSET', KEYS[2], 'record', ARGV[3], 'status', 'pending', 'expiresAtMs', ARGV[4], 'fingerprint', ARGV[5], 'pendingKey', KEYS[4])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[7], ARGV[1])
redis.call('ZADD', KEYS[4], ARGV[4], ARGV[1])
if redis.call('PTTL', KEYS[4]) < tonumber(ARGV[6]) then redis.call('PEXPIRE', KEYS[4], ARGV[6]) end
return redis.call('HGETALL', KEYS[2])
`;

// pending -> approved | denied, only while unexpired; a decided approval leaves its requester's
// pending set. ARGV: now, id, then the fields to set. Replies the outcome, then the hash as it stands.
const decideScript = `
local found = redis.call('HMGET', KEYS[1], 'status', 'expiresAtMs', 'pendingKey')
if not found[1] then return { 'missing' } end
local outcome = 'decided'
if found[1] ~= 'pending' then
  outcome = 'not_pending'
elseif tonumber(found[2]) <= tonumber(ARGV[1]) then
  outcome = 'expired'
else
  redis.call('HSET', KEYS[1], unpack(ARGV, 3))
  if found[3] then redis.call('ZREM', found[3], ARGV[2]) end
end
local reply = redis.call('HGETALL', KEYS[1])
table.insert(reply, 1, outcome)
return reply
`;

// approved -> used, only while unexpired: exactly one caller gets 1.
const consumeScript = `
local found = redis.call('HMGET', KEYS[1], 'status', 'expiresAtMs')
if found[1] == 'approved' and tonumber(found[2]) > tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'status', 'used', 'usedAt', ARGV[2])
  return 1
end
return 0
`;

/**
 * The approval store of `RedisStore`: keys `<prefix>approval:<id>` (a hash), `<prefix>approval:fp:<fingerprint>`
 * (the latest approval of a call), `<prefix>approval:index` (a sorted set of ids) and
 * `<prefix>approval:pending:<requester hash>` (a requester's pending ids, for its cap), each expiring an
 * hour after the approval does. Adding, deciding and using are Lua scripts, atomic across replicas.
 */
export class RedisApprovals {
  readonly #client: () => Promise<Redis>;
  readonly #prefix: string;

  constructor(client: () => Promise<Redis>, prefix: string) {
    this.#client = client;
    this.#prefix = `${prefix}approval:`;
  }

  async add(approval: Approval, now: number, limits: ApprovalLimits = {}): Promise<Approval> {
    const client = await this.#client();
    const expiresAtMs = Date.parse(approval.expiresAt);
    const deleteAt = expiresAtMs + redisApprovalGraceMs;
    const cap = limits.maxPendingPerRequester ?? 0;
    const reply = (await client.eval(
      addScript,
      4,
      this.#fingerprintKey(approval.fingerprint),
      this.#key(approval.id),
      this.#indexKey(),
      this.#pendingKey(approval.requestedBy),
      approval.id,
      String(now),
      JSON.stringify(recordOf(approval)),
      String(expiresAtMs),
      approval.fingerprint,
      String(Math.max(1, deleteAt - now)),
      String(deleteAt),
      this.#prefix,
      String(cap),
    )) as string[];
    if (reply[0] === 'limit') throw new ApprovalLimitError('requester', cap, approval.requestedBy);
    return fromHash(pairs(reply))!;
  }

  async get(id: string): Promise<Approval | undefined> {
    const client = await this.#client();
    return fromHash(await client.hgetall(this.#key(id)));
  }

  async find(fingerprint: string): Promise<Approval | undefined> {
    const client = await this.#client();
    const id = await client.get(this.#fingerprintKey(fingerprint));
    return id === null ? undefined : fromHash(await client.hgetall(this.#key(id)));
  }

  async decide(id: string, change: ApprovalChange, now: number): Promise<ApprovalTransition> {
    const client = await this.#client();
    const fields = ['status', change.status, 'decidedAt', change.decidedAt];
    if (change.decidedBy !== undefined) fields.push('decidedBy', change.decidedBy);
    if (change.note !== undefined) fields.push('note', change.note);
    const reply = (await client.eval(decideScript, 1, this.#key(id), String(now), id, ...fields)) as string[];
    const [outcome, ...rest] = reply;
    const approval = fromHash(pairs(rest));
    return { outcome: outcome as ApprovalTransition['outcome'], ...(approval ? { approval } : {}) };
  }

  async consume(id: string, now: number): Promise<boolean> {
    const client = await this.#client();
    return Number(await client.eval(consumeScript, 1, this.#key(id), String(now), new Date(now).toISOString())) === 1;
  }

  async list(now: number): Promise<Approval[]> {
    const client = await this.#client();
    await client.zremrangebyscore(this.#indexKey(), '-inf', String(now));
    const ids = await client.zrange(this.#indexKey(), '0', '-1');
    if (ids.length === 0) return [];
    const pipeline = client.pipeline();
    for (const id of ids) pipeline.hgetall(this.#key(id));
    const replies = (await pipeline.exec()) ?? [];
    const approvals: Approval[] = [];
    for (const [error, hash] of replies) {
      if (error) throw error;
      const approval = fromHash(hash as Record<string, string>);
      if (approval) approvals.push(approval);
    }
    return approvals.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async clear(): Promise<void> {
    const client = await this.#client();
    // SCAN walks the keyspace in batches, so a large store is cleared without blocking Redis.
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${globEscape(this.#prefix)}*`, 'COUNT', '500');
      cursor = next;
      if (keys.length > 0) await client.unlink(...keys);
    } while (cursor !== '0');
  }

  #key(id: string): string {
    return `${this.#prefix}${id}`;
  }

  #fingerprintKey(fingerprint: string): string {
    return `${this.#prefix}fp:${fingerprint}`;
  }

  #indexKey(): string {
    return `${this.#prefix}index`;
  }

  /** The sorted set of a requester's pending approvals; its name hashes the subject, which may be long. */
  #pendingKey(requester: ApprovalRequester): string {
    const hash = createHash('sha256')
      .update(JSON.stringify([requester.authType, requester.subject ?? null]))
      .digest('base64url')
      .slice(0, 22);
    return `${this.#prefix}pending:${hash}`;
  }
}

/** The fields of an approval that never change once it is created. */
function recordOf(approval: Approval): Omit<Approval, 'status' | 'decidedAt' | 'decidedBy' | 'note' | 'usedAt'> {
  const { status: _status, decidedAt: _decidedAt, decidedBy: _decidedBy, note: _note, usedAt: _usedAt, ...record } = approval;
  return record;
}

function pairs(flat: readonly string[]): Record<string, string> {
  const hash: Record<string, string> = {};
  for (let index = 0; index + 1 < flat.length; index += 2) hash[flat[index]!] = flat[index + 1]!;
  return hash;
}

function fromHash(hash: Record<string, string>): Approval | undefined {
  if (hash.record === undefined || hash.status === undefined) return undefined;
  const record = JSON.parse(hash.record) as Omit<Approval, 'status'>;
  return {
    ...record,
    status: hash.status as ApprovalStatus,
    ...(hash.decidedAt === undefined ? {} : { decidedAt: hash.decidedAt }),
    ...(hash.decidedBy === undefined ? {} : { decidedBy: hash.decidedBy }),
    ...(hash.note === undefined ? {} : { note: hash.note }),
    ...(hash.usedAt === undefined ? {} : { usedAt: hash.usedAt }),
  };
}

/** `text` with the glob characters of Redis's MATCH escaped, so a prefix matches only itself. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
