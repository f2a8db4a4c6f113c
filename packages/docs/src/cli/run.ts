import { parseArgs } from 'node:util';
import { embeddedContentDirectory } from '../content/index.js';
import { runCheck } from './check.js';

const usage = `Usage: kit-docs <command> [options]

Commands:
  serve              serve the HTTP API, MCP at /mcp and the website
  mcp                serve MCP over stdio
  check              validate the content; prints file:line: message per problem
  search "<query>"   print the ranked sections for a query

Options:
  --content <dir>    content directory (default: the embedded kit corpus)
  --port <n>         serve: port (default: PORT or 3000)
  --host <addr>      serve: address (default: HOST or 127.0.0.1)
  --topic <tag>      search: restrict to a topic
  --limit <n>        search: number of results (default 10)
  --help             show this help`;

/** Parses the command line and runs one command; resolves to the process exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        content: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        topic: { type: 'string' },
        limit: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`kit-docs: ${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${usage}\n`);
    return values.help ? 0 : 2;
  }
  const contentDirectory = values.content ?? embeddedContentDirectory;
  switch (command) {
    case 'check':
      return runCheck(contentDirectory, (line) => process.stdout.write(`${line}\n`));
    default:
      process.stderr.write(`kit-docs: unknown command "${command}"; use serve, mcp, check or search\n\n${usage}\n`);
      return 2;
  }
}
