// ---
// title: Parts of a page that hydrate later
// description: An article page whose comment box hydrates once it scrolls into view and whose share menu hydrates on the first interaction, with Hydrate; the server renders both as usual, and the script prints the wrappers the browser keeps as server HTML until their moment comes.
// topics: [react]
// relatedDocs: /docs/react-shell#hydrating-a-part-of-a-page-later
// ---
// app/routes/articles/[slug].page.tsx, followed by the few lines that render it on the server.
// The pragma is for running this file as a script; an app's tsconfig.json sets "jsx": "react-jsx".
/** @jsxRuntime automatic */
import { useState } from 'react';
import type { KitContext } from '@kit/kit-core';
import { Hydrate } from '@kit/kit-react';
import { renderPage } from '@kit/kit-react/server';

function CommentBox() {
  const [text, setText] = useState('');
  return (
    <form>
      <label>
        Comment <textarea value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="submit" disabled={text.trim() === ''}>Post</button>
    </form>
  );
}

function ShareMenu() {
  const [open, setOpen] = useState(false);
  return (
    <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
      Share
    </button>
  );
}

export default function ArticlePage() {
  return (
    <article>
      <h1>Release notes</h1>
      {/* Hydrated on the first pointer, touch, key or focus: the click that opens it still counts. */}
      <Hydrate when="interaction">
        <ShareMenu />
      </Hydrate>
      <p>What changed in this release, at some length.</p>
      {/* Far below the fold: hydrated once the reader scrolls to it. */}
      <Hydrate when="visible">
        <CommentBox />
      </Hydrate>
    </article>
  );
}

// What the server sends: each part inside its wrapper, which the browser leaves as it is until then.
const request = new Request('http://127.0.0.1/articles/release-notes', { headers: { Accept: 'text/html' } });
const ctx: KitContext = { requestId: 'example', authType: 'anonymous', request };
const response = await renderPage({
  request,
  ctx,
  params: { slug: 'release-notes' },
  layouts: [],
  page: { file: 'articles/[slug].page.tsx', url: '/_kit/article.js', module: { default: ArticlePage } },
  notFound: null,
  loading: null,
  error: null,
  assets: { clientEntry: '/_kit/entry.js', styles: [] },
});
const html = await response.text();
for (const wrapper of html.matchAll(/<div data-kit-hydrate="(\w+)"[^>]*>/g)) console.log(wrapper[1]); // interaction, then visible
