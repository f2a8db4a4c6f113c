import { Link, useRouter, type ErrorPageProps } from '@kit/kit-react';

interface Explanation {
  readonly heading: string;
  readonly advice: string;
  readonly links: readonly { readonly href: string; readonly text: string }[];
}

/** What happened, in words, for the statuses a page of this app fails with, and where to go from there. */
function explain(status: number, here: string): Explanation {
  if (status === 401) {
    return {
      heading: 'Sign in first',
      advice: 'You are signed out, or your session has ended. Sign in, or create an account, and you come back here.',
      // Signing in leads back to this page (/auth/login accepts only a path of this app as `next`).
      links: [{ href: `/login?next=${encodeURIComponent(here)}`, text: 'Sign in' }, { href: '/signup', text: 'Create an account' }],
    };
  }
  if (status === 403) {
    return {
      heading: 'Not allowed',
      advice: 'You are signed in, but this page is not for your account. An admin of this app can do it.',
      links: [{ href: '/tickets', text: 'Back to the tickets' }],
    };
  }
  if (status === 404) {
    return { heading: 'Not found', advice: 'There is nothing at this address, or it was removed.', links: [{ href: '/tickets', text: 'Back to the tickets' }] };
  }
  if (status === 429) {
    return { heading: 'Too many requests', advice: 'Wait a minute, then try again.', links: [{ href: '/', text: 'Home' }] };
  }
  if (status >= 500) {
    return {
      heading: 'The server ran into a problem',
      advice: 'This is not something you did. Try again in a moment; if it keeps happening, tell whoever runs this app.',
      links: [{ href: '/', text: 'Home' }, { href: '/tickets', text: 'The tickets' }],
    };
  }
  return { heading: 'This request was refused', advice: 'Check the address, then try again.', links: [{ href: '/', text: 'Home' }] };
}

// Shown in place of a page whose loader or component failed, with the error's status.
export default function ErrorPage({ error }: ErrorPageProps) {
  const router = useRouter();
  const search = router.searchParams.toString();
  const { heading, advice, links } = explain(error.status, `${router.pathname}${search === '' ? '' : `?${search}`}`);
  return (
    <section className="card problem" aria-labelledby="problem-title">
      <title>{`${heading} · {{title}}`}</title>
      <span className="status">Error {error.status}</span>
      <h1 id="problem-title">{heading}</h1>
      {/* A refusal's message says what was refused; a server error's message is for the logs, and a 401's
          only repeats the heading. */}
      {error.status !== 401 && error.status < 500 ? <p>{error.message}</p> : null}
      <p className="muted">{advice}</p>
      <div className="actions">
        {links.map((link, index) => (
          <Link key={link.href} href={link.href} className={index === 0 ? 'button' : 'button secondary'}>{link.text}</Link>
        ))}
      </div>
    </section>
  );
}
