import { describe, expect, it } from 'vitest';
import { assembleContent, type ContentFile } from '../content/index.js';
import { renderDocumentBody } from './render-markdown.js';

/** One document built the way the service builds it, so its sections carry the real anchors. */
function documentWithBody(body: string) {
  const files: ContentFile[] = Object.entries({
    'site.yaml': 'title: Test\nsummary: A test set.\ngroups: [Guides]\n',
    'taxonomy.yaml': 'categories:\n  database: [models]\nexamples: [defineModel]\n',
    'docs/page.md': `---\ntitle: Page\nsummary: A page.\ngroup: Guides\norder: 1\ntopics: [database]\n---\n${body}`,
  }).map(([relativePath, text]) => ({ path: `/content/${relativePath}`, relativePath, text }));
  return assembleContent('/content', files).documents[0]!;
}

describe('renderDocumentBody', () => {
  it('gives repeated headings the unique anchors of their sections, Overview included', () => {
    const document = documentWithBody('Intro.\n\n## Overview\n\nText.\n\n## Options\n\nText.\n\n### Options\n\nText.\n');
    const html = renderDocumentBody(document).toString();
    expect([...html.matchAll(/<h[23] id="([^"]+)"/g)].map((m) => m[1])).toEqual(document.sections.slice(1).map((s) => s.anchor));
    expect(html).toContain('<h2 id="overview-1">Overview <a class="anchor" href="#overview-1" aria-label="Link to Overview">#</a></h2>');
  });

  it('drops topics comments, also when text follows on the next line', () => {
    const document = documentWithBody('## Models\n<!-- topics: models -->\nStraight after.\n');
    const html = renderDocumentBody(document).toString();
    expect(html).not.toContain('topics');
    expect(html).toContain('<p>Straight after.</p>');
  });

  it('highlights known languages, escapes unknown ones and wraps tables for narrow screens', () => {
    const document = documentWithBody(
      '## Code\n\n```ts\nconst a = "<b>";\n```\n\n```weird\n<b>bold</b>\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    const html = renderDocumentBody(document).toString();
    expect(html).toContain('<span class="hljs-keyword">const</span> a = <span class="hljs-string">&quot;&lt;b&gt;&quot;</span>;');
    expect(html).toContain(
      '<span class="code-lang">weird</span><button type="button" class="copy" hidden>Copy</button><pre tabindex="0"><code class="hljs">&lt;b&gt;bold&lt;/b&gt;',
    );
    expect(html).toContain('<div class="table"><table>');
  });
});
