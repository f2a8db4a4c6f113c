import { MemoryStore, type RateLimitStore } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { rejectionOf, thrownBy } from '../../../../test-support/rejection.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { createSignInThrottle } from './sign-in-throttle.js';

describe('createSignInThrottle', () => {
  it('refuses past the limit with too_many_attempts, a 429 with Retry-After', async () => {
    const throttle = createSignInThrottle({ perAccount: { attempts: 2, window: '10m' } });
    await throttle.signIn({ account: 'ada@example.com', client: '203.0.113.7' });
    await throttle.signIn({ account: ' Ada@Example.com', client: '203.0.113.8' });
    const error = await rejectionOf(throttle.signIn({ account: 'ada@example.com', client: '203.0.113.9' }), KitAuthError);
    expect(error).toMatchObject({ code: 'too_many_attempts', status: 429 });
    expect(error.retryAfterSeconds).toBeGreaterThan(590);
    const answer = error.toKitError();
    expect(answer.code).toBe('rate_limited');
    expect(Number(answer.headers['Retry-After'])).toBe(error.retryAfterSeconds);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4', async () => {
    const throttle = createSignInThrottle({ perClient: { attempts: 2, window: '1m' } });
    await throttle.signIn({ account: 'a@example.com', client: '2001:db8:1:2::1' });
    await throttle.signIn({ account: 'b@example.com', client: '2001:db8:1:2:ffff::9' });
    expect(
      (await rejectionOf(throttle.signIn({ account: 'c@example.com', client: '2001:0db8:0001:0002:0:0:0:7' }), KitAuthError)).message,
    ).toContain('from this address');
    await throttle.signIn({ account: 'd@example.com', client: '2001:db8:1:3::1' });

    const mapped = createSignInThrottle({ perClient: { attempts: 1, window: '1m' } });
    await mapped.signIn({ account: 'a@example.com', client: '::ffff:198.51.100.4' });
    await expect(mapped.signIn({ account: 'b@example.com', client: '198.51.100.4' })).rejects.toThrow(KitAuthError);
  });

  it('stores account names only as digests', async () => {
    const keys: string[] = [];
    const store: RateLimitStore = { hit: (key, windowMs) => (keys.push(key), new MemoryStore().hit(key, windowMs)) };
    await createSignInThrottle({ store }).signIn({ account: 'ada@example.com', client: '203.0.113.7' });
    expect(keys.join(' ')).not.toContain('ada');
    expect(keys).toEqual([expect.stringMatching(/^kit-auth:sign-in:account:[\w-]{43}$/), 'kit-auth:sign-in:client:203.0.113.7']);
  });

  it('refuses bad options with invalid_config naming the option and the fix', () => {
    const message = (options: Parameters<typeof createSignInThrottle>[0]) =>
      thrownBy(() => createSignInThrottle(options), KitAuthError).message;
    expect(message({ perAccount: { attempts: 0, window: '15m' } })).toContain(
      "perAccount.attempts must be a whole number of at least 1, such as { attempts: 10, window: '15m' }",
    );
    expect(message({ perClient: { attempts: 5, window: 'soon' } })).toContain(
      'perClient.window must be a count and a unit (ms, s, m, h or d), such as \'15m\', got "soon"',
    );
    expect(message({ store: {} as never })).toContain('store must be a RateLimitStore');
    expect(message({ fallbackMs: -1 })).toContain('fallbackMs must be 0 or more');
  });
});
