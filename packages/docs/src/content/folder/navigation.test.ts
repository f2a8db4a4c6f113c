import { describe, expect, it } from 'vitest';
import type { FolderSettings, MkdocsSettings } from './generator-settings.js';
import { placeDocuments, type NavDocument } from './navigation.js';

const page = (path: string, extra: Partial<NavDocument> = {}): NavDocument => ({
  slug: path.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '') || 'index',
  path,
  isIndex: /(^|\/)index\.md$/.test(path),
  title: path,
  label: undefined,
  order: undefined,
  group: undefined,
  ...extra,
});

function place(
  documents: NavDocument[],
  options: { folders?: Map<string, FolderSettings>; mkdocs?: MkdocsSettings; groupOrder?: string[] } = {},
) {
  const missing: string[] = [];
  const placed = placeDocuments(documents, {
    folders: options.folders ?? new Map(),
    mkdocs: options.mkdocs,
    rootGroup: 'Site',
    groupOrder: options.groupOrder ?? [],
    onMissingNavPage: (_line, path) => missing.push(path),
  });
  return { order: placed.map((entry) => `${entry.group}: ${entry.document.path} (${entry.order})`), missing };
}

describe('placeDocuments', () => {
  it('puts top-level pages first, then a group per folder, index page first, positioned before unpositioned', () => {
    const documents = [
      page('zeta.md'),
      page('index.md'),
      page('guide/b.md', { order: 2 }),
      page('guide/a.md'),
      page('guide/index.md', { title: 'Guide home' }),
      page('guide/c.md', { order: 1 }),
    ];
    expect(place(documents).order).toEqual([
      'Site: index.md (1)',
      'Site: zeta.md (2)',
      'Guide: guide/index.md (1)',
      'Guide: guide/c.md (2)',
      'Guide: guide/b.md (3)',
      'Guide: guide/a.md (4)',
    ]);
  });

  it('orders folders by _category_ position and labels them, and flattens sub-folders in place', () => {
    const documents = [page('b/x.md'), page('a/y.md'), page('a/deep/z.md'), page('a/deep/index.md'), page('a/01-first.md')];
    const folders = new Map<string, FolderSettings>([
      ['b', { label: 'Bee', position: 1 }],
      ['a', { position: 2 }],
      ['a/deep', { position: 5 }],
    ]);
    expect(place(documents, { folders }).order).toEqual([
      'Bee: b/x.md (1)',
      'A: a/01-first.md (1)',
      'A: a/deep/index.md (2)',
      'A: a/deep/z.md (3)',
      'A: a/y.md (4)',
    ]);
  });

  it('follows an MkDocs nav, then places the pages it leaves out beside their folder', () => {
    const documents = [page('index.md'), page('guide/a.md'), page('guide/b.md'), page('guide/extra.md'), page('about.md')];
    const mkdocs: MkdocsSettings = {
      siteName: 'Site',
      siteDescription: undefined,
      nav: [
        { path: 'index.md', label: 'Home', section: undefined, line: 2 },
        { path: 'guide/b.md', label: undefined, section: 'User guide', line: 4 },
        { path: 'guide/a.md', label: 'A page', section: 'User guide', line: 5 },
        { path: 'gone.md', label: undefined, section: undefined, line: 6 },
      ],
    };
    const { order, missing } = place(documents, { mkdocs });
    expect(order).toEqual([
      'Site: index.md (1)',
      'Site: about.md (2)',
      'User guide: guide/b.md (1)',
      'User guide: guide/a.md (2)',
      'User guide: guide/extra.md (3)',
    ]);
    expect(missing).toEqual(['gone.md']);
  });

  it('lets front matter name the group, and lists the groups site.yaml names first', () => {
    const documents = [page('a.md', { group: 'Reference' }), page('b.md', { group: 'Guides' }), page('c.md')];
    expect(place(documents, { groupOrder: ['Guides', 'Reference'] }).order).toEqual([
      'Guides: b.md (1)',
      'Reference: a.md (1)',
      'Site: c.md (1)',
    ]);
  });
});
