// Child process of the no-bundler test: serves a production build and reports its URL on standard output.
import { startApp } from '../index.js';

const root = process.argv[2];
const server = await startApp({ ...(root ? { root } : {}), port: 0, log: false });
const attempt = process.env.KIT_TRY_IMPORT;
let refused: string | null = null;
if (attempt) {
  try {
    await import(attempt);
  } catch (error) {
    refused = error instanceof Error ? error.message : String(error);
  }
}
process.stdout.write(`${JSON.stringify({ url: server.url, refused })}\n`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
