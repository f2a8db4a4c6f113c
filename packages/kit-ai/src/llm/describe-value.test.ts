import { describe, expect, it } from 'vitest';
import { describeValue } from './describe-value.js';

describe('describeValue', () => {
  it('renders values short and without content of objects', () => {
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(null)).toBe('null');
    expect(describeValue('ab')).toBe('"ab"');
    expect(describeValue('x'.repeat(80))).toBe(`"${'x'.repeat(60)}…"`);
    expect(describeValue(-1)).toBe('-1');
    expect(describeValue(true)).toBe('true');
    expect(describeValue({ secret: 'k' })).toBe('an object');
    expect(describeValue(['a'])).toBe('an array');
    expect(describeValue(() => 1)).toBe('a function');
  });
});
