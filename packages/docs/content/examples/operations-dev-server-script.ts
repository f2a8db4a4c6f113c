// ---
// title: Embedding the development server in your own script
// description: Creates the kit-dev development server - CSS pipeline, file watching and hot route reloading - from code with createDevServer, for a script that also starts other local services.
// topics: [operations, deployment]
// relatedDocs: /docs/operations-and-jobs#createdevserver
// ---
// scripts/dev.ts - run with: npx tsx scripts/dev.ts
import { spawn } from 'node:child_process';
import { createDevServer } from '@kit/kit-dev';

// A local service the application talks to during development, e.g. a mail catcher.
const mailCatcher = spawn('npx', ['maildev'], { stdio: 'inherit' });
process.once('exit', () => mailCatcher.kill());

// The same server `kit dev` runs. The options of createDevServer() and the methods of the server it
// returns are in its type declaration; this example relies on the defaults.
const devServer = await createDevServer();
console.log('development server created', devServer);
