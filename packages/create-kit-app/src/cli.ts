// The `create-kit-app` program: bin/create-kit-app.js imports this compiled file.
import { runCreateKitApp } from './cli/run.js';

process.exitCode = await runCreateKitApp(process.argv.slice(2));
