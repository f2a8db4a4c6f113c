/**
 * Serves each real documentation folder of the benchmark (see README.md) with the docs service, as
 * `kit-docs serve --content DIR` would, with no settings file, and reads it as a visitor: every page
 * and image linked from the home page and from every document. Prints, per set, what was served, what
 * was not (each with the loader's own warning when it has one), any generator syntax left on a page
 * (outside code) and the anchors that lead nowhere. Exits non-zero when a page keeps generator syntax,
 * a document is not served, or a URL or an anchor fails where the loader did not warn about it (what it
 * warned about is the folder's own: an image kept outside the folder, a heading that does not exist).
 *
 * Run: `npx tsx bench/search-foreign/check-pages.ts` (same folder arguments as run.ts).
 */
import { relative } from 'node:path';
import { loadContent } from '../../packages/docs/src/content/index.js';
import { createDocsService } from '../../packages/docs/src/service/create-docs-service.js';
import { brokenAnchors, crawlSite, rawSyntaxOn } from '../../packages/docs/test/support/site-crawl.js';
import { DOC_SETS, folderOf } from './sets.js';

let failed = false;
for (const set of DOC_SETS) {
  const folder = folderOf(set, process.argv.slice(2), process.env);
  if (!('path' in folder)) {
    console.log(folder.missing);
    continue;
  }
  const content = await loadContent(folder.path);
  const server = await createDocsService(content).app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const crawl = await crawlSite(`http://127.0.0.1:${server.port}`, ['/', ...content.documents.map((document) => document.url)]);
    const warnings = content.warnings.map((problem) => `${relative(folder.path, problem.file)}:${problem.line}: ${problem.message}`);
    const unserved = content.documents.filter((document) => !crawl.pages.has(document.url)).map((document) => document.url);
    // A failure the loader warned about is the folder's own (an image kept outside it, a link to a page
    // of another part of the site); one it did not is the service's.
    const failures = [...crawl.failures].map(([path, status]) => ({
      path,
      status,
      warned: warnings.some((warning) => warning.includes(`"${path}"`)),
    }));
    const raw = content.documents.flatMap((document) =>
      rawSyntaxOn(crawl.pages.get(document.url) ?? '').map(({ pattern, context }) => `${document.url} ${String(pattern)}: …${context}…`),
    );
    const anchors = brokenAnchors(crawl).map(([target, anchor, from]) => ({
      target,
      anchor,
      from,
      warned: warnings.some((warning) => warning.includes(`#${anchor}"`)),
    }));
    console.log(
      `${set.name} (${set.generator}, ${set.repository}): ${content.documents.length} documents served from ${crawl.pages.size} URLs, ` +
        `${crawl.images.size} images; ${failures.length} URLs not served (${failures.filter((failure) => !failure.warned).length} without a loader warning); ` +
        `${raw.length} pages with generator syntax; ${anchors.length} links to a missing anchor (${anchors.filter((anchor) => !anchor.warned).length} without a loader warning); ${warnings.length} loader warnings`,
    );
    for (const url of unserved) console.log(`  document not served: ${url}`);
    for (const failure of failures)
      console.log(`  ${failure.status} ${failure.path}${failure.warned ? ' (the loader warned about it)' : ''}`);
    for (const line of raw) console.log(`  generator syntax: ${line}`);
    for (const { target, anchor, from, warned } of anchors)
      console.log(`  missing anchor: ${from} links to ${target}#${anchor}${warned ? ' (the loader warned about it)' : ''}`);
    for (const warning of warnings) console.log(`  warning: ${warning}`);
    if (unserved.length > 0 || raw.length > 0 || [...failures, ...anchors].some((problem) => !problem.warned)) failed = true;
  } finally {
    await server.close();
  }
}
process.exitCode = failed ? 1 : 0;
