import { describe, expect, it } from 'vitest';
import { mergeRouteMeta, metaElements } from './route-meta.js';

describe('mergeRouteMeta', () => {
  it('lets a later level win, field by field, Open Graph included', () => {
    const merged = mergeRouteMeta([
      { title: 'Help desk', description: 'Tickets for people and agents', openGraph: { type: 'website', image: '/card.png' } },
      { robots: 'noindex' },
      { title: 'Ticket T-7', openGraph: { type: 'article' } },
    ]);
    expect(merged).toEqual({
      title: 'Ticket T-7',
      description: 'Tickets for people and agents',
      robots: 'noindex',
      openGraph: { type: 'article', image: '/card.png' },
    });
    expect(mergeRouteMeta([])).toEqual({});
  });
});

describe('metaElements', () => {
  it('lists description, robots, canonical, then Open Graph with the title and description as defaults', () => {
    expect(
      metaElements({
        title: 'Ticket T-7',
        description: 'The printer',
        canonical: 'https://desk.example/tickets/T-7',
        robots: 'noindex',
        openGraph: { image: '/t7.png' },
      }),
    ).toEqual([
      { tag: 'meta', key: 'name', name: 'description', content: 'The printer' },
      { tag: 'meta', key: 'name', name: 'robots', content: 'noindex' },
      { tag: 'link', rel: 'canonical', href: 'https://desk.example/tickets/T-7' },
      { tag: 'meta', key: 'property', name: 'og:title', content: 'Ticket T-7' },
      { tag: 'meta', key: 'property', name: 'og:description', content: 'The printer' },
      { tag: 'meta', key: 'property', name: 'og:image', content: '/t7.png' },
    ]);
    // Without openGraph, no og: tag, though there is a title.
    expect(metaElements({ title: 'Only a title' })).toEqual([]);
  });
});
