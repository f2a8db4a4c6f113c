/**
 * A document with tens of thousands of headings. Loading it, rendering it and serving
 * its page over real HTTP take time linear in its size (4 times the headings take about 4 times as long,
 * where the renderer that scanned the tokens once per heading took 11 to 29 times), and a file or folder
 * past the content limits is refused before it is read, with a `file:line: message` naming the limit
 * and the setting.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { ContentError, formatProblem, loadContent, type Content } from '../../src/content/index.js';
import { createDocsService } from '../../src/service/create-docs-service.js';
import { renderDocumentBody } from '../../src/web/render-markdown.js';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'kit-docs-large-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A plain folder with one document of `count` headings: sections and deeper headings, many with the
 * same text (so anchors need de-duplicating), a `{#custom}` anchor now and then, and a topics comment.
 */
function folderWithHeadings(name: string, count: number): string {
  const folder = join(work, name);
  mkdirSync(folder, { recursive: true });
  const lines = ['# Many headings', '', 'A page with a great many headings.', ''];
  for (let n = 0; n < count; n++) {
    const level = n % 3 === 0 ? '##' : n % 3 === 1 ? '###' : '####';
    const text = n % 2 === 0 ? `Step ${n % 500}` : `Option ${n}`;
    lines.push(
      `${level} ${text}${n % 97 === 0 ? ` {#anchor-${n}}` : ''}`,
      n % 50 === 0 ? '<!-- topics: steps -->' : '',
      '',
      `Text of heading ${n}.`,
      '',
    );
  }
  writeFileSync(join(folder, 'big.md'), lines.join('\n'));
  return folder;
}

async function timeLoad(folder: string) {
  const started = performance.now();
  const content = await loadContent(folder);
  return { content, ms: performance.now() - started };
}

async function timePage(folder: string) {
  const { content } = await timeLoad(folder);
  const server = await createDocsService(content).app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${server.port}/docs/big`);
    const html = await response.text();
    return { status: response.status, html, ms: performance.now() - started, content };
  } finally {
    await server.close();
  }
}

describe('a document with tens of thousands of headings', () => {
  it('loads and renders in time linear in its headings (10 000 against 40 000)', async () => {
    const warm = await timeLoad(folderWithHeadings('warm-load', 2_000)); // compiles the hot paths first
    renderDocumentBody(warm.content.documents[0]!);
    const small = await timeLoad(folderWithHeadings('load-10k', 10_000));
    const large = await timeLoad(folderWithHeadings('load-40k', 40_000));
    expect(large.content.documents[0]!.headings).toHaveLength(40_000);
    const anchors = large.content.documents[0]!.headings.map((heading) => heading.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    // Linear is 4; a quadratic step would make it 16. The margin absorbs a shared machine's noise.
    expect(
      large.ms / small.ms,
      `loaded in ${Math.round(small.ms)} ms for 10 000 headings, ${Math.round(large.ms)} ms for 40 000`,
    ).toBeLessThan(8);
    const render = (content: Content) => {
      const started = performance.now();
      renderDocumentBody(content.documents[0]!);
      return performance.now() - started;
    };
    const smallRender = render(small.content);
    const largeRender = render(large.content);
    // The renderer that looked for each heading's end from a copy of the tokens after it took 29 times as long.
    expect(
      largeRender / smallRender,
      `rendered in ${Math.round(smallRender)} ms for 10 000 headings, ${Math.round(largeRender)} ms for 40 000`,
    ).toBeLessThan(8);
  }, 120_000);

  it('is served as a page over HTTP in time linear in its headings (5 000 against 20 000), every heading with its unique anchor', async () => {
    // 5 000 against 20 000: the service also indexes every section for search, which this does not time.
    await timePage(folderWithHeadings('warm-page', 1_000));
    const small = await timePage(folderWithHeadings('page-5k', 5_000));
    const large = await timePage(folderWithHeadings('page-20k', 20_000));
    expect(small.status).toBe(200);
    expect(large.status).toBe(200);
    const ids = [...large.html.matchAll(/<h[2-6] id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(large.content.documents[0]!.headings.map((heading) => heading.anchor));
    expect(ids).toContain('anchor-97');
    expect(large.html).not.toContain('topics:');
    // Linear is 4 (the old renderer took about 11 times as long here, the search index aside).
    expect(large.ms / small.ms, `${Math.round(small.ms)} ms for 5 000 headings, ${Math.round(large.ms)} ms for 20 000`).toBeLessThan(8);
  }, 180_000);
});

describe('the content limits', () => {
  it('refuse a file over the limit before reading it, naming the file, the limit and the setting', async () => {
    const folder = join(work, 'oversized');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'index.md'), '# Home\n\nWelcome.\n');
    writeFileSync(join(folder, 'huge.md'), `# Huge\n\n${'word '.repeat(1_000)}\n`);
    const error = await loadContent(folder, { limits: { maxFileBytes: 1024 } }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems.map((problem) => formatProblem(problem, folder))).toEqual([
      'huge.md:1: the file is 4.9 KB, over the 1 KB a file may have (set KIT_DOCS_MAX_FILE_SIZE, default 2MB); split it into several documents, or raise the limit',
    ]);
    // Under the limit the same folder loads.
    expect((await loadContent(folder, { limits: { maxFileBytes: 8 * 1024 } })).documents).toHaveLength(2);
  });

  it('refuse a folder whose files together pass the limit', async () => {
    const folder = join(work, 'many-files');
    mkdirSync(folder, { recursive: true });
    for (let n = 0; n < 10; n++) writeFileSync(join(folder, `page-${n}.md`), `# Page ${n}\n\n${'text '.repeat(400)}\n`);
    const error = (await loadContent(folder, { limits: { maxFolderBytes: 10 * 1024 } }).catch(
      (failure: unknown) => failure,
    )) as ContentError;
    expect(error).toBeInstanceOf(ContentError);
    expect(error.problems).toHaveLength(1);
    expect(formatProblem(error.problems[0]!, work)).toBe(
      'many-files:1: the 10 files the loader reads here add up to 19.6 KB, over the 10 KB a content folder may hold (set KIT_DOCS_MAX_FOLDER_SIZE, default 64MB); serve a smaller folder, or raise the limit',
    );
  });

  it('are set for every command by KIT_DOCS_MAX_FILE_SIZE and KIT_DOCS_MAX_FOLDER_SIZE: kit-docs check prints the refusal as file:line: message', async () => {
    const folder = join(work, 'cli');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'index.md'), `# Home\n\n${'word '.repeat(600)}\n`);
    const saved = { file: process.env.KIT_DOCS_MAX_FILE_SIZE, folder: process.env.KIT_DOCS_MAX_FOLDER_SIZE };
    const output: string[] = [];
    const writeOut = process.stdout.write.bind(process.stdout);
    const writeErr = process.stderr.write.bind(process.stderr);
    try {
      process.env.KIT_DOCS_MAX_FILE_SIZE = '2KB';
      const capture = ((text: string) => output.push(text) > 0) as typeof process.stdout.write;
      process.stdout.write = capture;
      process.stderr.write = capture;
      expect(await runCli(['check', '--content', folder])).toBe(1);
      process.env.KIT_DOCS_MAX_FILE_SIZE = 'lots';
      expect(await runCli(['check', '--content', folder])).toBe(1);
      process.env.KIT_DOCS_MAX_FILE_SIZE = '1MB';
      process.env.KIT_DOCS_MAX_FOLDER_SIZE = '1 KiB';
      expect(await runCli(['check', '--content', folder])).toBe(1);
      delete process.env.KIT_DOCS_MAX_FOLDER_SIZE;
      expect(await runCli(['check', '--content', folder])).toBe(0);
    } finally {
      process.stdout.write = writeOut;
      process.stderr.write = writeErr;
      for (const [name, value] of [
        ['KIT_DOCS_MAX_FILE_SIZE', saved.file],
        ['KIT_DOCS_MAX_FOLDER_SIZE', saved.folder],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const printed = output.join('');
    expect(printed).toContain('index.md:1: the file is 2.9 KB, over the 2 KB a file may have (set KIT_DOCS_MAX_FILE_SIZE, default 2MB)');
    expect(printed).toContain(
      'KIT_DOCS_MAX_FILE_SIZE:1: "lots" is not a size; give bytes or a number with KB, MB or GB (such as 4MB), or unset it for 2 MB',
    );
    expect(printed).toContain(
      ':1: the 1 files the loader reads here add up to 2.9 KB, over the 1 KB a content folder may hold (set KIT_DOCS_MAX_FOLDER_SIZE',
    );
  });
});
