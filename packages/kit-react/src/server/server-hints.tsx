import { preloadModule } from 'react-dom';

/** Asks React to put `<link rel="modulepreload">` in the head for the client entry and the level chunks. */
export function ServerHints({ urls }: { readonly urls: readonly string[] }) {
  for (const url of urls) preloadModule(url, { as: 'script' });
  return null;
}
