import { describe, expect, it } from 'vitest';
import { assembleContent, documentMarkdown, type ContentFile } from '../content/index.js';
import { urlMaker } from '../api/urls.js';
import { renderLlmsFullTxt, renderLlmsTxt } from './llms-txt.js';

const files: ContentFile[] = Object.entries({
  'site.yaml': 'title: Test\nsummary: >-\n  A test set\n  on two lines.\ngroups: [Guides, Reference]\n',
  'taxonomy.yaml': 'categories:\n  database: [models]\nexamples: [defineModel]\n',
  'docs/b.md': '---\ntitle: Second [draft]\nsummary: The second.\ngroup: Guides\norder: 2\ntopics: [database]\n---\nBody of b.\n',
  'docs/a.md': '---\ntitle: First\nsummary: The first.\ngroup: Guides\norder: 1\ntopics: [database]\n---\nBody of a.\n',
}).map(([relativePath, text]) => ({ path: `/content/${relativePath}`, relativePath, text }));
const content = assembleContent('/content', files);

describe('llms.txt', () => {
  it('lists documents by group in navigation order, linking their Markdown views', () => {
    const text = renderLlmsTxt(content, urlMaker('https://docs.example.com'));
    const [title, blank, summary] = text.split('\n');
    expect([title, blank, summary]).toEqual(['# Test', '', '> A test set on two lines.']);
    expect(text).toContain(
      '## Guides\n\n- [First](https://docs.example.com/docs/a.md): The first.\n- [Second \\[draft\\]](https://docs.example.com/docs/b.md): The second.\n',
    );
    expect(text).not.toContain('## Reference');
  });

  it('puts every document into llms-full.txt, each as its Markdown view', () => {
    const text = renderLlmsFullTxt(content, urlMaker(undefined));
    expect(text.startsWith('# Test\n\n> A test set on two lines.\n')).toBe(true);
    for (const document of content.documents) expect(text).toContain(`<!-- ${document.url} -->\n${documentMarkdown(document)}`);
  });
});
