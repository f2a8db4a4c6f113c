// ---
// title: Embedding the development server in your own script
// description: Creates the kit-dev development server - CSS pipeline, file watching and hot route reloading - from code with createDevServer, for a script that also starts other local services.
// topics: [operations, deployment]
// relatedDocs: /docs/operations-and-jobs#createdevserver
// ---
// scripts/dev.ts - run with: npx tsx scripts/dev.ts
import { spawn } from 'node:child_process';
import { createDevServer } from '@kit/kit-dev';

// A local stand-in for a service the application talks to, started from the project's own scripts.
const paymentsStub = spawn('node', ['scripts/payments-stub.js'], { stdio: 'inherit' });
process.once('exit', () => paymentsStub.kill());

// The same server `kit dev` runs. The options of createDevServer() and the methods of the server it
// returns are in its type declaration; this example relies on the defaults.
const devServer = await createDevServer();
console.log('development server created', devServer);
