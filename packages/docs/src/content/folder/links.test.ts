import { describe, expect, it } from 'vitest';
import { toSourceLines } from '../markup/source-line.js';
import { LinkResolver, rewriteLinks, type LinkTarget } from './links.js';

const target = (slug: string, path: string, anchors: string[], isIndex = false): LinkTarget => ({
  slug,
  path,
  isIndex,
  anchors: new Set(anchors),
});
const guide = target('guide/intro', 'guide/intro.md', ['overview', 'setup']);
const api = target('api', 'api/index.md', ['overview'], true);
const request = target('api/request', 'api/02-request.mdx', ['overview', 'appget', 'headers']);
const resolver = new LinkResolver([guide, api, request, target('index', 'index.md', ['overview'], true)]);

describe('LinkResolver', () => {
  it('resolves file links relative to the document, with or without an extension', () => {
    expect(resolver.resolve('../api/02-request.mdx#headers', guide)).toEqual({ href: '/docs/api/request#headers' });
    expect(resolver.resolve('./intro.md', guide)).toEqual({ href: '/docs/guide/intro' });
    expect(resolver.resolve('../api/', guide)).toEqual({ href: '/docs/api' });
    expect(resolver.resolve('../api/index.md', guide)).toEqual({ href: '/docs/api' });
  });

  it('resolves links from the root of the documents, generator urls and the service’s own', () => {
    expect(resolver.resolve('/guide/intro', api)).toEqual({ href: '/docs/guide/intro' });
    expect(resolver.resolve('/guide/intro.html#setup', api)).toEqual({ href: '/docs/guide/intro#setup' });
    expect(resolver.resolve('/docs/guide/intro', api)).toEqual({ href: '/docs/guide/intro' });
    expect(resolver.resolve('/', api)).toEqual({ href: '/docs/index' });
  });

  it('resolves links relative to the page url, as Starlight writes them, and to the documents folder, as Docusaurus allows', () => {
    expect(resolver.resolve('../intro/#setup', target('guide/next', 'guide/next.md', []))).toEqual({ href: '/docs/guide/intro#setup' });
    expect(resolver.resolve('guide/intro.md', request)).toEqual({ href: '/docs/guide/intro' });
  });

  it('matches an anchor slugged by another generator by its letters and digits', () => {
    expect(resolver.resolve('../api/02-request.mdx#app-get', guide)).toEqual({ href: '/docs/api/request#appget' });
    expect(resolver.resolve('#SETUP', guide)).toEqual({ href: '#setup' });
  });

  it('reports what does not resolve, and leaves other sites alone', () => {
    expect(resolver.resolve('./missing.md', guide).problem).toBe('broken link "./missing.md": no document at "./missing.md"');
    expect(resolver.resolve('#nowhere', guide).problem).toBe('broken link "#nowhere": this page has no heading with the anchor "nowhere"');
    expect(resolver.resolve('/api/#nope', guide)).toEqual({
      href: '/docs/api#nope',
      problem: 'broken link "/api/#nope": "api" has no heading with the anchor "nope"',
    });
    expect(resolver.resolve('./diagram.png', guide).problem).toMatch(
      /^link to "\.\/diagram\.png": the service serves documents, not other files/,
    );
    expect(resolver.resolve('https://example.com/x.md', guide)).toEqual({ href: 'https://example.com/x.md' });
    expect(resolver.resolve('mailto:team@example.com', guide)).toEqual({ href: 'mailto:team@example.com' });
  });
});

describe('rewriteLinks', () => {
  it('rewrites a reference definition whose label is code', () => {
    const rewritten = rewriteLinks(toSourceLines('[`.npmrc`]: ./npmrc.md', 1), new Set(), () => '/docs/npmrc');
    expect(rewritten[0]!.text).toBe('[`.npmrc`]: /docs/npmrc');
  });

  it('rewrites inline links, images and reference definitions, not code', () => {
    const lines = toSourceLines('See [a](./a.md "Title") and `[b](./b.md)`.\n[ref]: ./c.md\n```\n[d](./d.md)\n```', 1);
    const rewritten = rewriteLinks(lines, new Set([2, 3, 4]), (href) => `/docs/${href.replace(/^\.\/|\.md$/g, '')}`);
    expect(rewritten.map((line) => line.text)).toEqual([
      'See [a](/docs/a "Title") and `[b](./b.md)`.',
      '[ref]: /docs/c',
      '```',
      '[d](./d.md)',
      '```',
    ]);
  });
});
