import {
  useContext,
  useEffect,
  useRef,
  type ComponentPropsWithRef,
  type FocusEvent,
  type MouseEvent,
  type Ref,
  type TouchEvent,
} from 'react';
import { RouterContext } from '../router/router.js';

/** Props of `Link`: those of `<a>`, with `href` required, plus how to prefetch and navigate. */
export interface LinkProps extends Omit<ComponentPropsWithRef<'a'>, 'href'> {
  /** Where to go: a path (`/tickets/2`, `?page=2`, `#top`) or a URL; other origins are plain links. */
  readonly href: string;
  /**
   * When to fetch the target's data and code ahead of a click: `intent` (default) on hover, focus or
   * touch; `viewport` once the link is visible; `none` never.
   */
  readonly prefetch?: 'intent' | 'viewport' | 'none';
  /** Replace the current history entry instead of pushing one. */
  readonly replace?: boolean;
  /** Scroll to the top (or to the `#hash`) after navigating. Default true. */
  readonly scroll?: boolean;
  /** Animate the navigation with the View Transitions API where available. */
  readonly viewTransition?: boolean;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/** Whether the browser should handle the click itself (new tab, download, another frame...). */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined, download: unknown): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return true;
  if (target !== undefined && target !== '' && target !== '_self') return true;
  return download !== undefined && download !== false;
}

function sameOrigin(href: string): URL | null {
  try {
    const url = new URL(href, window.location.href);
    return url.origin === window.location.origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * A link between pages of the app: a real `<a href>` (it works without JavaScript, and modifier
 * clicks, `target`, `download` and links to other origins are left to the browser) that navigates with
 * the client router on a plain click and prefetches its target (on intent by default).
 *
 * @example
 * ```ts
 * import { createElement } from 'react';
 * import { Link } from '@kit/kit-react';
 *
 * export function TicketLink({ id }: { id: string }) {
 *   return createElement(Link, { href: `/tickets/${id}`, prefetch: 'viewport' }, `Ticket ${id}`);
 * }
 * ```
 */
export function Link({
  href,
  prefetch = 'intent',
  replace,
  scroll,
  viewTransition,
  ref,
  onClick,
  onMouseEnter,
  onFocus,
  onTouchStart,
  ...anchor
}: LinkProps) {
  const handle = useContext(RouterContext);
  const element = useRef<HTMLAnchorElement | null>(null);
  const router = handle?.interactive ? handle.router : null;

  useEffect(() => {
    const node = element.current;
    if (router === null || prefetch !== 'viewport' || node === null || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      if (sameOrigin(href)) void router.prefetch(href).catch(() => undefined);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [router, prefetch, href]);

  const intent = () => {
    if (router !== null && prefetch === 'intent' && sameOrigin(href)) void router.prefetch(href).catch(() => undefined);
  };

  return (
    <a
      {...anchor}
      href={href}
      ref={(node) => {
        element.current = node;
        setRef(ref, node);
      }}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        onMouseEnter?.(event);
        intent();
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(event);
        intent();
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(event);
        intent();
      }}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (router === null || leftToBrowser(event, anchor.target, anchor.download)) return;
        const url = sameOrigin(href);
        if (url === null) return;
        event.preventDefault();
        void router.navigate(url.href, {
          ...(replace === undefined ? {} : { replace }),
          ...(scroll === undefined ? {} : { scroll }),
          ...(viewTransition === undefined ? {} : { viewTransition }),
        });
      }}
    />
  );
}
