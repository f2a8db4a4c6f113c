import { describe, expect, it } from 'vitest';
import { normaliseMarkdown } from './normalise.js';
import { toSourceLines } from './source-line.js';

const normalise = (text: string, strict = false) => normaliseMarkdown(toSourceLines(text, 1), { strict });
const textOf = (text: string, strict = false) =>
  normalise(text, strict)
    .map((line) => line.text)
    .join('\n');

describe('normaliseMarkdown: containers', () => {
  it('writes every container syntax as ::: kind Title', () => {
    expect(textOf('::: tip\nA.\n:::')).toBe('::: tip\nA.\n:::');
    expect(textOf('::: warning Breaking change\nA.\n:::')).toBe('::: warning Breaking change\nA.\n:::');
    expect(textOf(':::note\nA.\n:::')).toBe('::: note\nA.\n:::');
    expect(textOf(':::tip[Faster builds]\nA.\n:::')).toBe('::: tip Faster builds\nA.\n:::');
    expect(textOf('> [!WARNING]\n> Careful.\n> Really.')).toBe('::: warning\nCareful.\nReally.\n:::');
  });

  it('gives a container that holds others more colons than they have, however it was written', () => {
    expect(textOf('::: warning Outer\n:::tip\nInner.\n:::\n:::')).toBe(':::: warning Outer\n::: tip\nInner.\n:::\n::::');
  });

  it('reads MkDocs admonitions, collapsible blocks and content tabs with their indented bodies', () => {
    const text = [
      '!!! note "Heads up"',
      '    First.',
      '',
      '    ```py',
      '    !!! not an admonition',
      '    ```',
      '??? tip',
      '    Hidden.',
      '',
      '=== "Python"',
      '    print(1)',
      'After.',
    ].join('\n');
    expect(textOf(text)).toBe(
      [
        '::: note Heads up',
        'First.',
        '',
        '```py',
        '!!! not an admonition',
        '```',
        ':::',
        '::: details Tip',
        'Hidden.',
        ':::',
        '',
        '::: tab Python',
        'print(1)',
        ':::',
        'After.',
      ].join('\n'),
    );
  });

  it('keeps the line of the file each line came from', () => {
    const lines = normalise('Intro.\n!!! tip\n    Body.\nEnd.');
    expect(lines.map((line) => [line.text, line.line])).toEqual([
      ['Intro.', 1],
      ['::: tip', 2],
      ['Body.', 3],
      [':::', 3],
      ['End.', 4],
    ]);
  });

  it('leaves code fences exactly as written', () => {
    const fence = '```md\n::: tip\n<TabItem value="x">\nimport X from "y";\n```';
    expect(textOf(fence)).toBe(fence);
  });
});

describe('normaliseMarkdown: MDX and HTML', () => {
  it('drops import and export statements, multi-line ones included', () => {
    const text = "import Tabs from '@theme/Tabs';\nimport {\n  A,\n  B,\n} from './parts';\nexport const meta = {\n  a: 1,\n};\n\nText.";
    expect(textOf(text).trim()).toBe('Text.');
    expect(textOf('import the module first, then call it.')).toBe('import the module first, then call it.');
  });

  it('turns <Tabs>, <TabItem>, <Aside>, <Admonition> and <details> into containers, their children dedented', () => {
    const text = [
      '<Tabs>',
      '  <TabItem value="npm" label="npm">',
      '    ```sh',
      '    npm i x',
      '    ```',
      '  </TabItem>',
      '  <TabItem value="yarn">yarn add x</TabItem>',
      '</Tabs>',
    ].join('\n');
    expect(textOf(text)).toBe(
      [':::: tabs', '::: tab npm', '```sh', 'npm i x', '```', ':::', '::: tab yarn', 'yarn add x', ':::', '::::'].join('\n'),
    );
    expect(textOf('<Aside type="caution" title="Careful">\nText.\n</Aside>')).toBe('::: caution Careful\nText.\n:::');
    expect(textOf('<details>\n<summary>More <b>info</b></summary>\n\nHidden.\n</details>')).toBe('::: details More info\n\nHidden.\n:::');
  });

  it('reduces other components and tags to their text, keeping code spans', () => {
    expect(textOf('Press <kbd>Ctrl</kbd> <Badge text="new" /> and `<TabItem>` {{ $frontmatter.title }}')).toBe(
      'Press Ctrl  and `<TabItem>` ',
    );
    expect(textOf('<Card title="Fast">\n    Builds in a second.\n</Card>')).toBe('**Fast**\n\nBuilds in a second.\n');
    expect(textOf('<LinkCard\n  title="x"\n  href="/y/"\n/>\nAfter.')).toBe('After.');
    expect(textOf('Before.\n<!-- a note\nfor writers -->\n<!-- topics: jwt -->\nAfter.')).toBe('Before.\n<!-- topics: jwt -->\nAfter.');
    expect(textOf('A span `over\n<two> lines` stays.')).toBe('A span `over\n<two> lines` stays.');
  });

  it('keeps inline HTML as written in strict mode, where pages show it as text', () => {
    expect(textOf('Use <name> here.', true)).toBe('Use <name> here.');
    expect(textOf('Use <name> here.')).toBe('Use  here.');
  });

  it('puts an imported partial where it is used, its lines reported at the using line', () => {
    const partials: Record<string, string> = {
      './_note.mdx': '---\ntitle: ignored\n---\nShared **text**.\n\n<Inner />',
      './_inner.md': 'Deeper.',
    };
    const text = "import Note from './_note.mdx';\n\nBefore.\n\n<Note />\n\nAfter.";
    const lines = normaliseMarkdown(toSourceLines(text, 1), { readPartial: (specifier) => partials[specifier] });
    expect(
      lines
        .map((line) => line.text)
        .join('\n')
        .trim(),
    ).toBe('Before.\n\nShared **text**.\n\n\nAfter.');
    expect(lines.find((line) => line.text.startsWith('Shared'))?.line).toBe(5);
  });
});
