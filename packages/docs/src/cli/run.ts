import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { embeddedContentDirectory } from '../content/index.js';
import { env } from '@kit/kit-core';
import { ContentError, formatProblem } from '../content/index.js';
import { LibrarySettingsError } from '../library/sources.js';
import { reportContent, runCheck } from './check.js';
import { catalogLoader } from '../server/catalog-loader.js';
import { runMcp } from './mcp.js';
import { runSearch } from './search.js';
import { logLevelFrom } from '../server/logger.js';
import { parseRateLimit, runServe } from './serve.js';

const usage = `Usage: kit-docs <command> [options]

Commands:
  serve              serve the HTTP API, MCP at /mcp and the website
  mcp                serve MCP over stdio
  check              validate the content; prints file:line: message per error and
                     file:line: warning: message per warning; exits 1 only on errors
  search "<query>"   print the ranked sections for a query

Options:
  --content <dir>    content directory (default: the embedded kit corpus): a kit content folder, or any
                     Markdown docs folder as VitePress, Docusaurus, MkDocs, Starlight or plain folders
                     lay it out, with no settings file; it is the default library
  --content <name[@version]=dir>  serve, mcp, check: one more library (or version of one) beside it; repeatable,
                     e.g. --content hono@4=../website/docs --content hono@3=../website-v3/docs
  --libraries <file> serve, mcp, check: a YAML or JSON file listing libraries and their versions, from folders or a
                     git repository's tags and branches (default: LIBRARIES); read again on each reload
  --port <n>         serve: port (default: PORT or 3000)
  --host <addr>      serve: address (default: HOST or 127.0.0.1)
  --topic <tag>      search: restrict to a topic
  --base-url <url>   serve: public base url; makes every url absolute (default: PUBLIC_BASE_URL)
  --workers <n>      serve: worker processes (default: WORKERS or one per core; 1 = no cluster)
  --watch            serve: reload the content when it changes (SIGHUP reloads in any case)
  --allowed-hosts <names>  serve: comma-separated host names /mcp and /a2a answer to (default: ALLOWED_HOSTS)
  --rate-limit <n/window>  serve: at most n requests per window per client, e.g. 300/1m (default: RATE_LIMIT, off)
  --redis-url <url>  serve: keep rate-limit counters in Redis, shared by replicas (default: REDIS_URL)
  --trust-proxy      serve: count requests by the first X-Forwarded-For address (default: TRUST_PROXY=1)
  --ops-db <path>    serve: record reloads, content health and failed requests in this kit-ops SQLite file (default: OPS_DB, off)
  --limit <n>        search: number of results (default 10)
  --help             show this help`;

/**
 * Parses the command line and runs one command; resolves to the process exit code.
 *
 * @example
 * ```ts
 * import { runCli } from '@kit/docs';
 *
 * process.exitCode = await runCli(['check', '--content', './my-docs']);
 * ```
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        content: { type: 'string', multiple: true },
        libraries: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        topic: { type: 'string' },
        limit: { type: 'string' },
        'base-url': { type: 'string' },
        workers: { type: 'string' },
        watch: { type: 'boolean' },
        'allowed-hosts': { type: 'string' },
        'rate-limit': { type: 'string' },
        'redis-url': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        'ops-db': { type: 'string' },
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
  // A plain --content folder is the default library; name[@version]=dir ones are added beside it.
  const contentFlags = values.content ?? [];
  const plainFolders = contentFlags.filter((value) => !isLibraryFlag(value));
  if (plainFolders.length > 1) {
    process.stderr.write(
      `kit-docs: --content names ${plainFolders.length} folders as the default library (${plainFolders.join(', ')}); give one, and the others as name[@version]=dir\n`,
    );
    return 2;
  }
  const contentDirectory = plainFolders[0] ?? embeddedContentDirectory;
  const librarySettings = values.libraries ?? (env('LIBRARIES') || undefined);
  const libraries = {
    contents: contentFlags.filter(isLibraryFlag),
    ...(librarySettings ? { settingsFile: librarySettings } : {}),
  };
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  try {
    switch (command) {
      case 'check': {
        const code = await runCheck(contentDirectory, out, err);
        if (libraries.contents.length === 0 && !libraries.settingsFile) return code;
        // The other libraries: the settings, every folder and every git ref, as serve would load them.
        const { catalog } = await catalogLoader(contentDirectory, libraries)();
        let failed = code !== 0;
        let versions = 0;
        for (const library of catalog.libraries)
          for (const version of library.versions) {
            versions += 1;
            if (resolve(version.state.content.directory) === resolve(contentDirectory)) continue;
            failed = reportContent(version.state.content, out, err, `${library.id}@${version.version}`) || failed;
          }
        err(`kit-docs check: ${catalog.libraries.length} libraries, ${versions} versions load`);
        return failed ? 1 : 0;
      }
      case 'serve': {
        const port = parsePort(values.port ?? (env('PORT') || '3000'));
        if (port === undefined) {
          err(`kit-docs serve: port ${JSON.stringify(values.port ?? env('PORT'))} is not a port number; use 0 to 65535`);
          return 2;
        }
        const publicBaseUrl = values['base-url'] ?? (env('PUBLIC_BASE_URL') || undefined);
        const workersText = values.workers ?? (env('WORKERS') || String(availableParallelism()));
        if (!/^\d{1,3}$/.test(workersText) || Number(workersText) < 1) {
          err(`kit-docs serve: workers ${JSON.stringify(workersText)} is not a count; use 1 or more`);
          return 2;
        }
        const rateLimit = values['rate-limit'] ?? (env('RATE_LIMIT') || undefined);
        if (rateLimit) {
          try {
            parseRateLimit(rateLimit);
          } catch (error) {
            err((error as Error).message);
            return 2;
          }
        }
        const allowedHosts = (values['allowed-hosts'] ?? env('ALLOWED_HOSTS'))
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        const redisUrl = values['redis-url'] ?? (env('REDIS_URL') || undefined);
        const opsDb = values['ops-db'] ?? (env('OPS_DB') || undefined);
        return await runServe(
          {
            contentDirectory,
            libraries,
            port,
            host: values.host ?? (env('HOST') || '127.0.0.1'),
            workers: Number(workersText),
            watch: values.watch ?? false,
            trustProxy: values['trust-proxy'] ?? ['1', 'true'].includes(env('TRUST_PROXY')),
            logLevel: logLevelFrom(env('LOG_LEVEL') || undefined, err),
            accessLog: ['on', '1', 'true'].includes(env('ACCESS_LOG').toLowerCase()),
            ...(publicBaseUrl ? { publicBaseUrl } : {}),
            ...(allowedHosts.length > 0 ? { allowedHosts } : {}),
            ...(rateLimit ? { rateLimit } : {}),
            ...(redisUrl ? { redisUrl } : {}),
            ...(opsDb ? { opsDb } : {}),
          },
          err,
        );
      }
      case 'mcp':
        return await runMcp(contentDirectory, libraries);
      case 'search': {
        const q = rest.join(' ');
        if (q.trim() === '') {
          err('kit-docs search: give a query, e.g. kit-docs search "maxIterations default"');
          return 2;
        }
        const limit = values.limit === undefined ? undefined : Number(values.limit);
        return await runSearch(
          contentDirectory,
          { q, ...(values.topic ? { topic: values.topic } : {}), ...(limit === undefined ? {} : { limit }) },
          out,
          err,
        );
      }
      default:
        err(`kit-docs: unknown command "${command}"; use serve, mcp, check or search\n\n${usage}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof LibrarySettingsError) {
      err(`kit-docs ${command}: the libraries cannot be served:`);
      for (const line of error.lines()) err(line);
      return 1;
    }
    if (error instanceof ContentError) {
      const several = libraries.contents.length > 0 || libraries.settingsFile !== undefined;
      err(
        several
          ? `kit-docs ${command}: a library's content is invalid:`
          : `kit-docs ${command}: the content in ${contentDirectory} is invalid:`,
      );
      for (const problem of error.problems) err(formatProblem(problem));
      if (error.warnings.length > 0)
        err(`and ${error.warnings.length} warning(s); kit-docs check --content ${contentDirectory} lists them`);
      return 1;
    }
    throw error;
  }
}

/**
 * `name=dir` or `name@version=dir`, told apart from a folder path by the `=` after a name: anything
 * shaped so is taken as a library flag, and `parseContentFlag` says what is wrong with a bad one.
 */
function isLibraryFlag(value: string): boolean {
  return /^[^=/\\]+=/.test(value) && !existsSync(value);
}

function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65535 ? port : undefined;
}
