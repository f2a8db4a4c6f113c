// The `kit` program: bin/kit.js imports this compiled file.
import { runCli } from './cli/run-cli.js';

// A reader that goes away (`kit ops:tail | head`) ends the program quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

process.exitCode = await runCli(process.argv.slice(2));
