import { describe, expect, it } from 'vitest';
import { escapeHtml, html, joinHtml, rawHtml } from './html.js';
import { highlightTerms, queryTerms, splitOnTerms } from './highlight-terms.js';

describe('html template', () => {
  it('escapes every interpolated string, in text and in attributes', () => {
    const evil = `"><script>alert('x')</script>&`;
    expect(html`<a title="${evil}">${evil}</a>`.toString()).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</a>',
    );
  });

  it('keeps nested fragments as markup and drops empty values', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}${undefined}${false}${null}${[inner, 'x<']}</p>`.toString()).toBe(
      '<p><b>&lt;i&gt;</b><b>&lt;i&gt;</b>x&lt;</p>',
    );
    expect(joinHtml(['<', rawHtml('<br>')], ' ').toString()).toBe('&lt; <br>');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('query term highlighting', () => {
  it('takes the words of a query, longest first, without quotes or punctuation', () => {
    expect(queryTerms('"define model" createKitApp, a')).toEqual(['createkitapp', 'define', 'model']);
  });

  it('marks terms case-insensitively and escapes everything else', () => {
    expect(splitOnTerms('Define a Model', ['model'])).toEqual([
      { text: 'Define a ', marked: false },
      { text: 'Model', marked: true },
    ]);
    expect(highlightTerms('<img src=x onerror=alert(1)> model', queryTerms('model <img')).toString()).toBe(
      '&lt;<mark>img</mark> src=x onerror=alert(1)&gt; <mark>model</mark>',
    );
  });

  it('treats regular expression characters in the query as text', () => {
    expect(highlightTerms('a.b (c) a*b', queryTerms('a.b a*b')).toString()).toBe('<mark>a.b</mark> (c) <mark>a*b</mark>');
  });
});
