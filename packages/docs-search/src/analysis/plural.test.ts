import { describe, expect, it } from 'vitest';
import { singular } from './plural.js';

describe('singular', () => {
  it('undoes regular plurals', () => {
    expect(singular('approvals')).toBe('approval');
    expect(singular('policies')).toBe('policy');
    expect(singular('matches')).toBe('match');
    expect(singular('timeouts')).toBe('timeout');
    expect(singular('statuses')).toBe('status');
  });

  it('leaves singular words and short words alone', () => {
    expect(singular('status')).toBe('status');
    expect(singular('access')).toBe('access');
    expect(singular('analysis')).toBe('analysis');
    expect(singular('approve')).toBe('approve');
    expect(singular('ids')).toBe('ids');
  });
});
