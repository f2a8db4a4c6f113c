import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.js';

const origin = new URL('https://app.example.com');

describe('safeReturnTo', () => {
  it('keeps paths on this app, as the browser would resolve them', () => {
    expect(safeReturnTo('/dashboard', origin)).toBe('/dashboard');
    expect(safeReturnTo('/settings?tab=keys#api', origin)).toBe('/settings?tab=keys#api');
    expect(safeReturnTo('/a/../b', origin)).toBe('/b');
    expect(safeReturnTo('/caf%C3%A9', origin)).toBe('/caf%C3%A9');
  });

  it('ignores anything that could leave the site or is not a path', () => {
    for (const value of [
      null,
      '',
      'https://evil.example',
      'https://app.example.com/dashboard',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\tevil',
      '/x\ny',
      'javascript:alert(1)',
      'dashboard',
      `/${'a'.repeat(2048)}`,
    ]) {
      expect(safeReturnTo(value, origin), String(value)).toBeUndefined();
    }
  });
});
