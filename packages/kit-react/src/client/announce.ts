import { announcerId } from '../tree/app-document.js';

/**
 * After a client navigation: tells screen readers which page is shown (the title, else the first
 * heading, else the path) through the live region, and moves focus to the page's first `<h1>` (made
 * focusable with `tabindex="-1"`), or to the body, so keyboard users start at the new content.
 */
export function announceAndFocus(pathname: string): void {
  const heading = document.querySelector('h1');
  const text = document.title || heading?.textContent?.trim() || pathname;
  const announcer = document.getElementById(announcerId);
  if (announcer !== null) {
    announcer.textContent = '';
    // A new text node after a clear makes screen readers announce even a repeated title.
    requestAnimationFrame(() => {
      announcer.textContent = text;
    });
  }
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && active.isConnected && active.hasAttribute('autofocus')) return;
  if (heading instanceof HTMLElement) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  } else {
    document.body.setAttribute('tabindex', '-1');
    document.body.focus({ preventScroll: true });
    document.body.removeAttribute('tabindex');
  }
}
