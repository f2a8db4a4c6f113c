import type { ReactNode } from 'react';

/** The id of the visually hidden live region that announces client navigations to screen readers. */
export const announcerId = 'kit-route-announcer';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * The document kit owns, the same on the server and in hydration: `<html lang="en">`, a head with the
 * charset, the viewport and the stylesheets (titles of pages and layouts are hoisted into it by React),
 * and a body holding the levels and the route announcer. The server's HTML adds the module preloads
 * to the head, outside React (see `renderHtml`).
 */
export function AppDocument({ styles, children }: { readonly styles: readonly string[]; readonly children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        {children}
        <div id={announcerId} aria-live="assertive" aria-atomic="true" style={visuallyHidden} />
      </body>
    </html>
  );
}
