import { describe, expect, it } from 'vitest';
import { errorFileCovers } from './error-scope.js';

describe('errorFileCovers', () => {
  it('covers the page and views whatever the folders', () => {
    expect(errorFileCovers('_error.tsx', { kind: 'page', file: 'a/b.page.tsx' })).toBe(true);
    expect(errorFileCovers('a/_error.tsx', { kind: 'not-found', file: 'kit:not-found' })).toBe(true);
  });

  it('covers a layout only from a folder strictly above it', () => {
    expect(errorFileCovers('_error.tsx', { kind: 'layout', file: 'admin/_layout.tsx' })).toBe(true);
    expect(errorFileCovers('_error.tsx', { kind: 'layout', file: '_layout.tsx' })).toBe(false);
    expect(errorFileCovers('admin/_error.tsx', { kind: 'layout', file: 'admin/_layout.tsx' })).toBe(false);
    expect(errorFileCovers('admin/_error.tsx', { kind: 'layout', file: 'admin/users/_layout.tsx' })).toBe(true);
    expect(errorFileCovers('admin/_error.tsx', { kind: 'layout', file: 'administration/x/_layout.tsx' })).toBe(false);
    expect(errorFileCovers('(shop)/_error.tsx', { kind: 'layout', file: '(shop)/cart/_layout.tsx' })).toBe(true);
  });
});
