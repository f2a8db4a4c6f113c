// ---
// title: A cached page, served from a PageCache with a fresh nonce each time
// description: A pricing page that exports a cache of 60 seconds, rendered with renderPage through a PageCache as kit start does for visitors who are not signed in - the first request renders it (Kit-Page-Cache miss), the second gets the kept copy (hit) without running the loader, each answer with a nonce of its own, and invalidate(), what an action's revalidate(path) calls, makes the next one render again.
// topics: [react, deployment]
// relatedDocs: /docs/react-shell#cached-and-prerendered-pages
// ---
// app/routes/pricing.page.tsx, followed by the few lines a server of your own needs to keep it.
// The pragma is for running this file as a script; an app's tsconfig.json sets "jsx": "react-jsx".
/** @jsxRuntime automatic */
import type { KitContext } from '@kit/kit-core';
import { useLoaderData, type PageCacheSettings } from '@kit/kit-react';
import { PageCache, renderPage } from '@kit/kit-react/server';

let loaderRuns = 0;

// The same for every visitor: kept for a minute, then rendered again in the background.
export const cache: PageCacheSettings = { revalidate: 60 };

// It reads nothing of the person (no cookie, no ctx.auth): its page is given to everyone.
export async function loader() {
  loaderRuns += 1;
  return { plans: [{ name: 'Team', price: 12 }] };
}

export default function PricingPage() {
  const { plans } = useLoaderData<Awaited<ReturnType<typeof loader>>>();
  return (
    <main>
      <title>Pricing</title>
      <ul>{plans.map((plan) => <li key={plan.name}>{`${plan.name}: ${plan.price} per month`}</li>)}</ul>
    </main>
  );
}

// kit start asks the cache only for GET requests of visitors who are not signed in, as here.
const pages = new PageCache({ maxEntries: 500 });

function get(path: string): Promise<Response> {
  const request = new Request(`http://127.0.0.1${path}`, { headers: { Accept: 'text/html' } });
  const ctx: KitContext = { requestId: 'example', authType: 'anonymous', request };
  const render = () =>
    renderPage({
      request,
      ctx,
      params: {},
      layouts: [],
      page: { file: 'pricing.page.tsx', url: '/_kit/pricing.js', module: { default: PricingPage, loader, cache } },
      notFound: null,
      loading: null,
      error: null,
      assets: { clientEntry: '/_kit/entry.js', styles: [] },
      pageCache: pages,
    });
  return pages.answer(path, 'html', cache.revalidate, render);
}

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

const first = await get('/pricing');
const second = await get('/pricing');
console.log(first.headers.get('kit-page-cache'), second.headers.get('kit-page-cache'), `loader runs: ${loaderRuns}`); // miss hit loader runs: 1
const [firstHtml, secondHtml] = await Promise.all([first.text(), second.text()]);
console.log('same page:', firstHtml === secondHtml.split(nonceOf(second)!).join(nonceOf(first)!)); // same page: true
console.log('own nonces:', nonceOf(first) !== nonceOf(second), secondHtml.includes(`nonce="${nonceOf(second)}"`)); // own nonces: true true

// What an action's revalidate('/pricing') does: the next visitor gets the page rendered afresh.
pages.invalidate('/pricing');
const third = await get('/pricing');
console.log(third.headers.get('kit-page-cache'), `loader runs: ${loaderRuns}`); // miss loader runs: 2
