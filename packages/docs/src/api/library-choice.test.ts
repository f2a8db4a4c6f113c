import { describe, expect, it } from 'vitest';
import type { LibraryVersion } from '../library/catalog.js';
import { relinkMarkdown } from './library-choice.js';

describe('relinkMarkdown', () => {
  const version = { base: '/libraries/hono/3' } as LibraryVersion;

  it('moves links to documents, images and the home page under the version', () => {
    const markdown = [
      'See [routing](/docs/routing#params), [home](/) and ![logo](/media/logo.svg).',
      '<img src="/media/a.png"> <a href="/docs/x">x</a>',
      '[ref]: /docs/api/context',
      '[other site](https://example.com/docs/a) and [api](/api/search) stay.',
    ].join('\n');
    expect(relinkMarkdown(markdown, version)).toBe(
      [
        'See [routing](/libraries/hono/3/docs/routing#params), [home](/libraries/hono/3/) and ![logo](/libraries/hono/3/media/logo.svg).',
        '<img src="/libraries/hono/3/media/a.png"> <a href="/libraries/hono/3/docs/x">x</a>',
        '[ref]: /libraries/hono/3/docs/api/context',
        '[other site](https://example.com/docs/a) and [api](/api/search) stay.',
      ].join('\n'),
    );
  });

  it('leaves the default library’s latest version as it is', () => {
    expect(relinkMarkdown('[a](/docs/a)', { base: '' } as LibraryVersion)).toBe('[a](/docs/a)');
  });
});
