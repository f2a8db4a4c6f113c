import { describe, expect, it } from 'vitest';
import { rawSyntaxOn } from './site-crawl.js';

describe('rawSyntaxOn', () => {
  it('finds containers, admonitions, MDX imports and JSX components left in a page', () => {
    const page = `<p>::: tip</p><p>!!! note</p><p>import Tabs from &#x27;@theme/Tabs&#x27;</p><p>&lt;Tabs&gt;</p>`;
    expect(rawSyntaxOn(page).map(({ pattern }) => String(pattern))).toEqual([
      String(/:::/),
      String(/!!!/),
      String(/\bimport\s+(?:\{[^}]*\}|\*\s+as\s+\w+|\w+)\s+from\s+(?:['"]|&#x27;|&#39;|&quot;)/),
      String(/&lt;\/?(?:Tabs|TabItem|Aside|Admonition|Card|CardGrid|Badge|details|summary)\b/),
    ]);
  });

  it('leaves prose that uses the same words, and anything inside code', () => {
    const page = `<p>You can import logic from config packages and export the settings.</p><pre>::: tip\nimport Tabs from '@theme/Tabs'</pre><p>Run <code>!!! note</code>.</p>`;
    expect(rawSyntaxOn(page)).toEqual([]);
  });
});
