// ---
// title: Shipping rendered Markdown without hydration using ServerOnly
// description: Renders a long help article on the server and wraps it in ServerOnly so the browser never hydrates it, keeping the only interactive part - a feedback button - outside.
// topics: [react, loader]
// relatedDocs: /docs/react-shell#serveronly
// ---
// src/routes/help/article.page.tsx
import { useState } from 'react';
import { ServerOnly, useLoaderData } from '@kit/kit-react';

interface ArticleData {
  title: string;
  // HTML produced on the server from trusted Markdown.
  html: string;
}

function FeedbackButton() {
  const [sent, setSent] = useState(false);
  return sent ? <p>Thanks for the feedback.</p> : <button onClick={() => setSent(true)}>This helped</button>;
}

export default function HelpArticlePage() {
  const article = useLoaderData<ArticleData>();
  return (
    <article>
      <h1>{article.title}</h1>
      <ServerOnly>
        <div dangerouslySetInnerHTML={{ __html: article.html }} />
      </ServerOnly>
      <FeedbackButton />
    </article>
  );
}
