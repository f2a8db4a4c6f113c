import { describe, expect, it } from 'vitest';
import { allowedTypos, boundedEditDistance } from './edit-distance.js';

describe('boundedEditDistance', () => {
  it('counts substitutions, insertions, deletions and adjacent swaps as one edit', () => {
    expect(boundedEditDistance('agent', 'agant', 2)).toBe(1);
    expect(boundedEditDistance('agent', 'agents', 2)).toBe(1);
    expect(boundedEditDistance('agent', 'agnt', 2)).toBe(1);
    expect(boundedEditDistance('agnet', 'agent', 2)).toBe(1);
  });

  it('gives up past the bound', () => {
    expect(boundedEditDistance('agent', 'router', 1)).toBe(2);
    expect(boundedEditDistance('a', 'abcd', 2)).toBe(3);
  });

  it('handles long identifiers', () => {
    expect(boundedEditDistance('createsmartagnet', 'createsmartagent', 2)).toBe(1);
    expect(boundedEditDistance('x'.repeat(100), `${'x'.repeat(99)}y`, 1)).toBe(1);
  });
});

describe('allowedTypos', () => {
  it('allows none for short terms and more for long ones', () => {
    expect(allowedTypos('ctx')).toBe(0);
    expect(allowedTypos('env')).toBe(0);
    expect(allowedTypos('auth')).toBe(0);
    expect(allowedTypos('agent')).toBe(1);
    expect(allowedTypos('maxIterations')).toBe(2);
  });
});
