// ---
// title: Shipping rendered Markdown without hydration using ServerOnly
// description: A help article page whose loader returns HTML rendered on the server; the article is wrapped in ServerOnly so the browser never hydrates it, and the only interactive part, a feedback button, stays outside.
// topics: [react, loader]
// relatedDocs: /docs/react-shell#serveronly
// ---
// app/routes/help/[slug].page.tsx: /help/:slug
import { useState } from 'react';
import { KitError } from '@kit/kit-core';
import { ServerOnly, useLoaderData, type LoaderArgs } from '@kit/kit-react';

// HTML produced at build time from trusted Markdown, keyed by slug.
const articles: Record<string, { title: string; html: string }> = {
  'reset-password': {
    title: 'Resetting your password',
    html: '<p>Open <strong>Settings</strong>, choose <em>Security</em>, then <em>Reset password</em>.</p>',
  },
};

export async function loader({ params }: LoaderArgs) {
  const article = articles[String(params.slug)];
  if (article === undefined) throw new KitError('not_found', `No help article "${String(params.slug)}".`);
  return article;
}

function FeedbackButton() {
  const [sent, setSent] = useState(false);
  return sent ? <p>Thanks for the feedback.</p> : <button onClick={() => setSent(true)}>This helped</button>;
}

export default function HelpArticlePage() {
  const article = useLoaderData<Awaited<ReturnType<typeof loader>>>();
  return (
    <article>
      <title>{`${article.title} · Help`}</title>
      <h1>{article.title}</h1>
      {/* Rendered once on the server; the browser keeps this HTML and runs no code for it. */}
      <ServerOnly>
        <div dangerouslySetInnerHTML={{ __html: article.html }} />
      </ServerOnly>
      <FeedbackButton />
    </article>
  );
}
