import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cutPage, loadFolder, pageSlug } from './folder.js';

describe('pageSlug', () => {
  it('keeps folders, drops the extension and lets an index page name its folder', () => {
    expect(pageSlug('helpers/testing.md')).toBe('helpers/testing');
    expect(pageSlug('api/index.md')).toBe('api');
    expect(pageSlug('index.md')).toBe('index');
    expect(pageSlug('Guide/README.mdx')).toBe('guide');
  });
});

describe('cutPage', () => {
  it('cuts at ## and ### headings, keeps deeper headings inside and takes the title from the first # heading', () => {
    const page = cutPage(
      '# Routing\nIntro.\n## Path parameters\nUse `c.req.param()`.\n#### Note\nDeep.\n### Optional {#opt}\nMaybe.\n',
      '/d/routing.md',
      'api/routing',
    );
    expect(page.title).toBe('Routing');
    expect(page.sections.map((section) => [section.id, section.heading])).toEqual([
      ['api/routing#overview', 'Overview'],
      ['api/routing#path-parameters', 'Path parameters'],
      ['api/routing#opt', 'Optional'],
    ]);
    expect(page.sections[1]!.text).toContain('Deep.');
    expect(page.sections[1]!.code).toBe('c.req.param()');
    expect(page.sections[1]!.topics).toEqual(['api']);
  });

  it('prefers the front-matter title and has no overview when the page starts with a section', () => {
    const page = cutPage('---\ntitle: Aliases\nsidebar_position: 2\n---\n## Usage\nText.\n', '/d/aliases.md', 'aliases');
    expect(page.title).toBe('Aliases');
    expect(page.sections.map((section) => section.heading)).toEqual(['Usage']);
  });
});

describe('loadFolder', () => {
  const root = mkdtempSync(join(tmpdir(), 'foreign-folder-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('loads every page of a plain folder, skipping partials and hidden folders, with MkDocs nav titles', () => {
    write('docs/index.md', '# Home\nWelcome.\n');
    write('docs/advanced/clients.md', '## Why use a client?\nPooling.\n');
    write('docs/_partial.mdx', 'Shared text.\n');
    write('docs/.vitepress/config.md', '# Not a page\n');
    write('mkdocs.yml', "nav:\n  - Home: 'index.md'\n  - Advanced:\n      - Clients: 'advanced/clients.md'\n");
    const corpus = loadFolder(join(root, 'docs'));
    expect(corpus.pages).toEqual([
      { slug: 'advanced/clients', title: 'Clients' },
      { slug: 'index', title: 'Home' },
    ]);
    expect(corpus.sections.map((section) => section.id)).toEqual(['advanced/clients#why-use-a-client', 'index#overview']);
  });
});
