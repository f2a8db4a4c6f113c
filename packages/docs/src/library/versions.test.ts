import { describe, expect, it } from 'vitest';
import { pickVersion, sortVersionsNewestFirst } from './versions.js';

describe('sortVersionsNewestFirst', () => {
  it('orders numbered labels by semver, highest first, and keeps named ones after them in their order', () => {
    expect(sortVersionsNewestFirst(['3.12', 'next', '4.6.0', 'v4', '10', '0.28.1', 'main'])).toEqual([
      '10',
      '4.6.0',
      'v4',
      '3.12',
      '0.28.1',
      'next',
      'main',
    ]);
  });
});

describe('pickVersion', () => {
  const labels = ['4.6.0', '4.2.1', '4.0.0', '3.12.0', 'next'];

  it('takes the label itself first, with or without a v and in any case', () => {
    expect(pickVersion(labels, '4.2.1')).toBe('4.2.1');
    expect(pickVersion(labels, 'v4.2.1')).toBe('4.2.1');
    expect(pickVersion(labels, 'NEXT')).toBe('next');
  });

  it('reads a range as npm does and gives the newest inside it', () => {
    expect(pickVersion(labels, '4')).toBe('4.6.0');
    expect(pickVersion(labels, '4.x')).toBe('4.6.0');
    expect(pickVersion(labels, '^4.2')).toBe('4.6.0');
    expect(pickVersion(labels, '~4.2')).toBe('4.2.1');
    expect(pickVersion(labels, '3')).toBe('3.12.0');
    expect(pickVersion(labels, '<4')).toBe('3.12.0');
  });

  it('matches major-only labels with ranges too', () => {
    expect(pickVersion(['11', '10', '9.x'], '^10.2')).toBeUndefined();
    expect(pickVersion(['11', '10', '9.x'], '10')).toBe('10');
    expect(pickVersion(['11', '10', '9.x'], '9')).toBe('9.x');
  });

  it('gives nothing for a version that is not there or not a range', () => {
    expect(pickVersion(labels, '5')).toBeUndefined();
    expect(pickVersion(labels, 'banana')).toBeUndefined();
  });
});
