/**
 * @kit/kit-router: file-based routing for kit. `scanRoutes` reads a folder of route files into a plain
 * data manifest (routes in precedence order with their layout and middleware chains, not-found pages,
 * diagnostics that name each bad file and its fix); `matchRoute` and `matchNotFound` match URLs against
 * it with a trie compiled once per manifest. Only `scanRoutes` touches the file system: the matchers have
 * no Node import and run in a browser bundle.
 */

// Scanning (Node only)
export { scanRoutes } from './scan/scan-routes.js';

// Matching, the manifest and the errors: the names of the browser build, listed in browser.ts.
export * from './browser.js';
