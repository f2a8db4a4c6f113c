import { describe, expect, it } from 'vitest';
import { attributeText, inlineJson } from './escape.js';
import { injectTail } from './inject-tail.js';
import { serverOnlyBlocks } from './server-only-blocks.js';

async function through(chunks: string[], tail: string): Promise<string[]> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  const out: string[] = [];
  const reader = source.pipeThrough(injectTail(async () => tail)).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(new TextDecoder().decode(next.value));
  return out;
}

describe('injectTail', () => {
  it('writes the tail before the closing tags React sends last', async () => {
    expect((await through(['<html><body>a', '</body></html>'], '<s>')).join('')).toBe('<html><body>a<s></body></html>');
    expect((await through(['<html><body>a</body></html>'], '<s>')).join('')).toBe('<html><body>a<s></body></html>');
  });

  it('passes a chunk that only looked like the end, and appends when there is no closing tag', async () => {
    expect((await through(['x</body></html>', 'y'], '<s>')).join('')).toBe('x</body></html>y<s>');
    expect((await through(['<p>fragment</p>'], '<s>')).join('')).toBe('<p>fragment</p><s>');
  });
});

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
