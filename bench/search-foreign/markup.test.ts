import { describe, expect, it } from 'vitest';
import { splitFrontMatter, toPlainMarkdown } from './markup.js';

describe('toPlainMarkdown', () => {
  it('keeps the title of a VitePress or Docusaurus container and drops its fences', () => {
    expect(toPlainMarkdown('::: tip Routing order\nRoutes match in order.\n:::\n')).toBe('\nRouting order\n\nRoutes match in order.\n\n');
    expect(toPlainMarkdown(':::note[Heads up]\nText.\n:::')).toContain('Heads up');
    expect(toPlainMarkdown('::: code-group\n```sh\nnpm i\n```\n:::')).not.toContain(':::');
  });

  it('dedents an MkDocs admonition or content tab and keeps its title', () => {
    const plain = toPlainMarkdown('!!! note "TL;DR"\n    Use a `Client`.\n\nAfter.\n=== "pip"\n    pip install x\n');
    expect(plain).toContain('TL;DR');
    expect(plain).toContain('\nUse a `Client`.');
    expect(plain).toContain('pip');
    expect(plain).not.toMatch(/!!!|===/u);
  });

  it('keeps the name an MkDocs autodoc directive documents', () => {
    expect(toPlainMarkdown('::: httpx.request\n')).toContain('httpx.request');
  });

  it('removes MDX imports and tags but keeps their text, and inlines imported partials', () => {
    const plain = toPlainMarkdown(
      "import Tabs from '@theme/Tabs'\nimport Part from './_part.mdx'\n\n<Tabs>\n<TabItem value=\"npm\">\nRun it.\n</TabItem>\n</Tabs>\n<Part />\n",
      {
        readPartial: (specifier) => (specifier === './_part.mdx' ? '---\nid: x\n---\nThe partial text.' : undefined),
      },
    );
    expect(plain).not.toMatch(/import|<Tabs|<TabItem|<Part/u);
    expect(plain).toContain('Run it.');
    expect(plain).toContain('The partial text.');
  });

  it('drops GitHub alert markers and leaves code fences exactly as written', () => {
    expect(toPlainMarkdown('> [!NOTE]\n> Careful.')).toBe('>\n> Careful.');
    const fenced = '```md\n::: tip\n!!! note\nimport x from "y"\n```';
    expect(toPlainMarkdown(fenced)).toBe(fenced);
  });
});

describe('splitFrontMatter', () => {
  it('separates YAML front matter from the body', () => {
    expect(splitFrontMatter('---\ntitle: A\n---\nBody\n')).toEqual({ yaml: 'title: A', body: 'Body\n' });
    expect(splitFrontMatter('# No front matter')).toEqual({ yaml: undefined, body: '# No front matter' });
  });
});
