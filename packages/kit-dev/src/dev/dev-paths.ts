/**
 * Where the dev server serves the app's stylesheet: one URL for the whole session, never cached. It
 * sits beside the bundled assets, so the relative `url()`s of the stylesheet resolve to them.
 */
export const devStylesheetUrl = '/_kit/client/app.css';
