// ---
// title: A guide page whose data reaches the browser once
// description: A page that renders a long guide from its loader inside ServerOnly and exports keepDataOnServer, so the guide's text travels once, as HTML, and not a second time as JSON in the page's bootstrap state; the script renders it with renderPage and counts.
// topics: [react, loader]
// relatedDocs: /docs/react-shell#data-that-stays-on-the-server
// ---
// app/routes/guides/[slug].page.tsx, followed by the few lines that render it on the server.
// The pragma is for running this file as a script; an app's tsconfig.json sets "jsx": "react-jsx".
/** @jsxRuntime automatic */
import type { KitContext } from '@kit/kit-core';
import { ServerOnly, useLoaderData, type LoaderArgs } from '@kit/kit-react';
import { renderPage } from '@kit/kit-react/server';

// The level's data is read only inside ServerOnly: it need not be sent to the browser as well.
export const keepDataOnServer = true;

export async function loader({ params }: LoaderArgs) {
  // A real page renders Markdown here; the HTML can be long.
  return { title: `Guide: ${String(params.slug)}`, html: '<p>Install the CLI, then run kit dev in the app folder.</p>' };
}

function GuideBody() {
  const { title, html } = useLoaderData<Awaited<ReturnType<typeof loader>>>();
  return (
    <article>
      <h1>{title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export default function GuidePage() {
  return (
    <ServerOnly>
      <GuideBody />
    </ServerOnly>
  );
}

const request = new Request('http://127.0.0.1/guides/setup', { headers: { Accept: 'text/html' } });
const ctx: KitContext = { requestId: 'example', authType: 'anonymous', request };
const render = (keep: boolean) =>
  renderPage({
    request,
    ctx,
    params: { slug: 'setup' },
    layouts: [],
    page: { file: 'guides/[slug].page.tsx', url: '/_kit/guide.js', module: { default: GuidePage, loader, keepDataOnServer: keep } },
    notFound: null,
    loading: null,
    error: null,
    assets: { clientEntry: '/_kit/entry.js', styles: [] },
  });

const count = (html: string) => html.split('Install the CLI').length - 1;
console.log('kept on the server:', count(await (await render(true)).text())); // 1: the HTML only
console.log('sent in the state too:', count(await (await render(false)).text())); // 2: the HTML and the JSON
