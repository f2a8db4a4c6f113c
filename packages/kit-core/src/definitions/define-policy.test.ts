import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { definePolicy } from './define-policy.js';

const check = async () => ({ applies: true });

describe('definePolicy', () => {
  it('returns the definition unchanged, redact paths included', () => {
    const def = { key: 'k', title: 'K', effect: 'redact' as const, redact: ['email', 'items.*.email'], check };
    expect(definePolicy(def)).toBe(def);
  });

  it('refuses redact paths on a policy whose effect is not redact', () => {
    expect(thrownBy(() => definePolicy({ key: 'k', title: 'K', effect: 'deny', redact: ['email'], check }), TypeError).message).toBe(
      'definePolicy: policy "k" lists redact paths but its effect is "deny"; give it effect: \'redact\', or remove redact.',
    );
  });

  it('refuses a redact path that is not dotted names', () => {
    expect(
      thrownBy(() => definePolicy({ key: 'k', title: 'K', effect: 'redact', redact: ['customer..email'], check }), TypeError).message,
    ).toContain('definePolicy: policy "k" has redact path "customer..email", which is not a dotted output path');
  });
});
