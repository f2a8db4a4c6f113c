import { describe, expect, it } from 'vitest';
import { attributeText, inlineJson } from './escape.js';
import { serverOnlyBlocks } from './server-only-blocks.js';

describe('escaping', () => {
  it('keeps inline JSON free of < and line separators, and equal once parsed', () => {
    const value = { text: '</script><!-- \u2028 \u2029 &' };
    const json = inlineJson(value);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('escapes attribute text', () => {
    expect(attributeText('/a.js?x=1&y="2"<>')).toBe('/a.js?x=1&amp;y=&quot;2&quot;&lt;&gt;');
  });
});

describe('serverOnlyBlocks', () => {
  it('cuts blocks by level in document order, whatever they contain', () => {
    const tag = 'kit-so-0123456789abcdef';
    const html = `<div><${tag} data-level="0"><p>a</p></${tag}><${tag} data-level="1"><div></kit-so-x></${tag}><b></b><${tag} data-level="1">c</${tag}></div>`;
    expect(serverOnlyBlocks(html, tag, 3)).toEqual([['<p>a</p>'], ['<div></kit-so-x>', 'c'], []]);
  });
});
