import { describe, expect, it } from 'vitest';
import { assembleContent } from './load.js';
import { ContentError, formatProblem } from './problems.js';
import type { ContentFile } from './read-files.js';

const root = '/content';
const site = 'strict: true\ntitle: Test\nsummary: A test set.\ngroups: [Guides, Reference]\n';
const taxonomy = 'categories:\n  database: [models, migrations]\n  auth: [jwt]\nexamples: [defineModel, routing]\n';

function files(extra: Record<string, string>): ContentFile[] {
  const all: Record<string, string> = { 'site.yaml': site, 'taxonomy.yaml': taxonomy, ...extra };
  return Object.entries(all).map(([relativePath, text]) => ({ path: `${root}/${relativePath}`, relativePath, text }));
}

const doc = (front: string, body: string) => `---\n${front}\n---\n${body}`;
const front = (overrides: Record<string, string> = {}) =>
  Object.entries({ title: 'Database', summary: 'Models and migrations.', group: 'Guides', order: '10', topics: '[database]', ...overrides })
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');

/** The problems of an invalid content set, as `file:line: message`. */
function problemsOf(extra: Record<string, string>): string[] {
  try {
    assembleContent(root, files(extra));
  } catch (error) {
    if (error instanceof ContentError) return error.problems.map((problem) => formatProblem(problem, root));
    throw error;
  }
  throw new Error('expected the content to be invalid');
}

describe('assembleContent: sections', () => {
  const body = [
    'Lead text before any heading.',
    '',
    '## Defining models',
    '<!-- topics: models -->',
    '',
    'Use `defineModel` to declare a **model**. See [migrations](#migrations).',
    '',
    '```ts',
    '# not a heading inside a fence',
    'defineModel("user", {})',
    '```',
    '',
    '### Field builders',
    '',
    '| Builder | Meaning |',
    '|---|---|',
    '| `id()` | primary key |',
    '',
    '## Migrations',
    '<!-- topics: migrations -->',
    '',
    'Run `kit db:migrate`.',
    '',
    '## Migrations',
    '',
    'A second heading with the same text.',
  ].join('\n');
  const content = assembleContent(root, files({ 'docs/database.md': doc(front(), body) }));
  const sections = content.documents[0]!.sections;

  it('cuts ## and ### headings into sections, lead text into Overview', () => {
    expect(sections.map((s) => [s.heading, s.level, s.anchor, s.parentAnchor])).toEqual([
      ['Overview', 1, 'overview', undefined],
      ['Defining models', 2, 'defining-models', undefined],
      ['Field builders', 3, 'field-builders', 'defining-models'],
      ['Migrations', 2, 'migrations', undefined],
      ['Migrations', 2, 'migrations-1', undefined],
    ]);
    expect(sections[1]!.url).toBe('/docs/database#defining-models');
  });

  it('keeps # lines inside code fences out of the headings, and the fence in the section', () => {
    expect(sections[1]!.markdown).toContain('# not a heading inside a fence');
  });

  it('gives plain text without Markdown syntax, and collects code separately', () => {
    expect(sections[1]!.text).toContain('Use defineModel to declare a model. See migrations.');
    expect(sections[1]!.text).not.toMatch(/\*\*|`|\]\(/);
    expect(sections[1]!.code).toContain('defineModel');
    expect(sections[2]!.text).toContain('id() primary key');
  });

  it('drops the topics comment from the Markdown and adds its tags with their categories', () => {
    expect(sections[1]!.markdown).not.toContain('<!--');
    expect(sections[1]!.topics).toEqual(['database', 'models']);
    expect(sections[3]!.topics).toEqual(['database', 'migrations']);
    expect(sections[0]!.topics).toEqual(['database']);
  });

  it('gives the content a version that changes with any file', () => {
    const other = assembleContent(root, files({ 'docs/database.md': doc(front(), `${body}\nMore.`) }));
    expect(other.version).not.toBe(content.version);
    expect(assembleContent(root, files({ 'docs/database.md': doc(front(), body) })).version).toBe(content.version);
  });
});

describe('assembleContent: errors as file:line: message', () => {
  it('reports malformed front matter at its line', () => {
    expect(problemsOf({ 'docs/a.md': '---\ntitle: [unclosed\nsummary: x\n---\nText.' })[0]).toMatch(/^docs\/a\.md:[23]: invalid YAML/);
    expect(problemsOf({ 'docs/a.md': 'No front matter.' })).toEqual([
      'docs/a.md:1: missing front matter: the file must start with a `---` line',
    ]);
    expect(problemsOf({ 'docs/a.md': '---\ntitle: A\n' })).toEqual([
      'docs/a.md:1: front matter is never closed: add a `---` line after it',
    ]);
  });

  it('reports each invalid or missing field at the line of its value', () => {
    const problems = problemsOf({
      'docs/a.md': doc(front({ order: 'ten', group: 'Elsewhere' }).replace('summary: Models and migrations.\n', ''), 'Text.'),
    });
    // A missing field is reported at the first line of the front matter; a wrong one at its own line.
    expect(problems).toEqual([
      'docs/a.md:2: summary: Invalid input: expected string, received undefined',
      'docs/a.md:4: order: Invalid input: expected number, received string',
    ]);
    const badGroup = problemsOf({ 'docs/a.md': doc(front({ group: 'Elsewhere' }), 'Text.') });
    expect(badGroup).toEqual(['docs/a.md:4: group: "Elsewhere" is not a navigation group; use one of Guides, Reference (site.yaml)']);
  });

  it('reports unknown topic tags', () => {
    expect(problemsOf({ 'docs/a.md': doc(front({ topics: '[database, databses]' }), 'Text.') })).toEqual([
      'docs/a.md:6: unknown topic tag "databses"; add it to taxonomy.yaml under its category, or use a listed tag',
    ]);
  });

  it('keeps folders in slugs, and reports two files with the same slug', () => {
    const content = assembleContent(
      root,
      files({ 'docs/guides/intro.md': doc(front(), 'One.'), 'docs/reference/intro.md': doc(front(), 'Two.') }),
    );
    expect(content.documents.map((document) => document.slug)).toEqual(['guides/intro', 'reference/intro']);
    expect(problemsOf({ 'docs/guides.md': doc(front(), 'One.'), 'docs/guides/index.md': doc(front(), 'Two.') })).toEqual([
      'docs/guides/index.md:1: duplicate slug "guides": docs/guides.md has the same slug; rename or move one of them',
    ]);
  });

  it('reports broken links at their line, and accepts links that resolve', () => {
    const body =
      'Intro.\n\n## Models\n\nSee [b](/docs/b#real-section) and [self](#models).\n\nAlso [gone](/docs/b#nope) and [x](/docs/missing) and [rel](./b.md).';
    const problems = problemsOf({ 'docs/a.md': doc(front(), body), 'docs/b.md': doc(front({ title: 'B' }), '## Real section\n\nText.') });
    expect(problems).toEqual([
      'docs/a.md:14: broken link "/docs/b#nope": no such document or section',
      'docs/a.md:14: broken link "/docs/missing": no such document or section',
      'docs/a.md:14: relative link "./b.md"; write links to documents as /docs/<slug>#<anchor>',
    ]);
  });

  it('reports headings outside ## and ###', () => {
    expect(problemsOf({ 'docs/a.md': doc(front(), '# Title again\n\nText.\n\n#### Too deep\n\nMore.') })).toEqual([
      'docs/a.md:8: level-1 heading in the body: the title comes from front matter; use `##`',
      'docs/a.md:12: heading level 4 is too deep: sections are `##` and `###`',
    ]);
  });

  it('reports an example whose relatedDocs points at a missing section', () => {
    const example =
      '// ---\n// title: A model\n// description: Declares one.\n// topics: [defineModel]\n// relatedDocs: /docs/a#nowhere\n// ---\nexport const x = 1;\n';
    expect(problemsOf({ 'docs/a.md': doc(front(), '## Models\n\nText.'), 'examples/model.ts': example })).toEqual([
      'examples/model.ts:5: relatedDocs: "/docs/a#nowhere" names no document section; point it at an existing /docs/<slug>#<anchor>',
    ]);
  });

  it('reports example front matter problems and unknown example topics', () => {
    const example = '// ---\n// title: A model\n// topics: [defineModle]\n// relatedDocs: /docs/a#models\n// ---\nexport const x = 1;\n';
    const problems = problemsOf({ 'docs/a.md': doc(front(), '## Models\n\nText.'), 'examples/model.ts': example });
    expect(problems.some((p) => p.startsWith('examples/model.ts:2: description: '))).toBe(true);
    const unknownTopic = '// ---\n// title: A\n// description: B\n// topics: [defineModle]\n// relatedDocs: /docs/a#models\n// ---\nx;\n';
    expect(problemsOf({ 'docs/a.md': doc(front(), '## Models\n\nText.'), 'examples/m.ts': unknownTopic })).toEqual([
      'examples/m.ts:4: unknown example topic "defineModle"; use one of taxonomy.yaml examples: defineModel, routing',
    ]);
    expect(problemsOf({ 'docs/a.md': doc(front(), 'Text.'), 'examples/m.py': 'print(1)' })).toEqual([
      'examples/m.py:1: unsupported example file type ".py"; use .ts, .tsx, .sh',
    ]);
  });

  it('serves examples without their front matter, keeping a shebang', () => {
    const script =
      '#!/usr/bin/env bash\n# ---\n# title: Migrate\n# description: Runs migrations.\n# topics: [routing]\n# relatedDocs: /docs/a#models\n# ---\n\nkit db:migrate\n';
    const content = assembleContent(root, files({ 'docs/a.md': doc(front(), '## Models\n\nText.'), 'examples/migrate.sh': script }));
    expect(content.examples[0]).toMatchObject({
      id: 'migrate',
      language: 'bash',
      code: '#!/usr/bin/env bash\nkit db:migrate\n',
      topics: ['routing'],
    });
  });

  it('reports a tag listed under two categories', () => {
    const bad = 'categories:\n  database: [models]\n  auth: [models]\nexamples: [x]\n';
    expect(problemsOf({ 'taxonomy.yaml': bad })).toEqual([
      'taxonomy.yaml:3: tag "models" already belongs to category "database"; a tag belongs to exactly one category',
    ]);
  });
});

describe('assembleContent without settings (any documentation folder)', () => {
  const folder = (all: Record<string, string>) =>
    Object.entries(all).map(([relativePath, text]) => ({ path: `${root}/${relativePath}`, relativePath, text }));
  const load = (all: Record<string, string>) => assembleContent(root, folder(all));
  function errorsOf(all: Record<string, string>): { errors: string[]; warnings: string[] } {
    try {
      load(all);
    } catch (error) {
      if (error instanceof ContentError)
        return { errors: error.problems.map((p) => formatProblem(p, root)), warnings: error.warnings.map((p) => formatProblem(p, root)) };
      throw error;
    }
    throw new Error('expected errors');
  }

  it('keeps folders in slugs; index and README pages name their folder', () => {
    const content = load({
      'index.md': '# Home\n\nWelcome.',
      'api/context.md': '# Context\n\nC.',
      'api/README.md': '# API\n\nAll of it.',
      'guide/index.md': '# Guide\n\nG.',
      'guide/README.md': '# Readme\n\nR.',
    });
    expect(content.documents.map((d) => d.slug).sort()).toEqual(['api', 'api/context', 'guide', 'guide/readme', 'index']);
    expect(content.documents.find((d) => d.slug === 'api/context')?.url).toBe('/docs/api/context');
  });

  it('takes the title from front matter, else the first level-1 heading (which leaves the body), else the file name', () => {
    const content = load({
      'a.md': '---\ntitle: From front matter\ntitleTemplate: ignored\n---\n# Heading\n\nText.',
      'b.md': 'Lead.\n\n# Heading title\n\nBody.\n\n# Second top heading\n\nMore.',
      'getting-started.md': '## Only a section\n\nText.',
    });
    const [a, b, c] = ['a', 'b', 'getting-started'].map((slug) => content.documents.find((d) => d.slug === slug)!);
    expect(a!.title).toBe('From front matter');
    expect(a!.markdown).toBe('Text.');
    expect(b!.title).toBe('Heading title');
    expect(b!.sections.map((s) => [s.heading, s.level])).toEqual([
      ['Overview', 1],
      ['Second top heading', 2],
    ]);
    expect(c!.title).toBe('Getting started');
    expect(content.warnings).toEqual([]);
  });

  it('takes the summary from description, else the first paragraph, and says when there is none', () => {
    const content = load({
      'a.md': '---\ndescription: Written.\n---\nBody.',
      'b.md': '# B\n\n```sh\nx\n```\n\nFirst words.\n\nSecond.',
      'c.md': '# C\n\n```sh\nonly code\n```',
    });
    const summaries = Object.fromEntries(content.documents.map((d) => [d.slug, [d.summary, d.summaryFromBody]]));
    expect(summaries).toEqual({ a: ['Written.', false], b: ['First words.', true], c: ['', false] });
    expect(content.warnings.map((p) => formatProblem(p, root))).toEqual([
      'c.md:1: no summary: add a `description` to the front matter, or a paragraph of text to the page',
    ]);
  });

  it('keeps deeper headings inside their section with anchors of their own, and honours {#id}', () => {
    const content = load({
      'a.md': '# A\n\n## Setup {#install}\n\nOne.\n\n#### Details\n\nTwo.\n\n## Use\n\nSee [setup](#install) and [details](#details).',
    });
    const document = content.documents[0]!;
    expect(document.sections.map((s) => s.anchor)).toEqual(['install', 'use']);
    expect(document.sections[0]!.text).toBe('One.\nDetails\nTwo.');
    expect(document.headings.map((h) => [h.level, h.anchor])).toEqual([
      [2, 'install'],
      [4, 'details'],
      [2, 'use'],
    ]);
    expect(content.warnings).toEqual([]);
  });

  it('infers topics from top folders and tags, so that topic filtering has categories', () => {
    const content = load({
      'guide/a.md': '---\ntags: [Getting Started, cli]\n---\n# A\n\nText.',
      'b.md': '---\nkeywords: search\n---\n# B\n\nText.',
    });
    expect(Object.fromEntries(content.documents.map((d) => [d.slug, d.topics]))).toEqual({
      b: ['search'],
      'guide/a': ['cli', 'getting-started', 'guide'],
    });
    expect([...content.taxonomy.categories.keys()]).toEqual(['cli', 'getting-started', 'guide', 'search']);
  });

  it('leaves out drafts and partials, and ignores files that are not documents', () => {
    const content = load({
      'a.md': '# A\n\nText.',
      'draft.md': '---\ndraft: true\n---\n# D\n\nText.',
      '_partial.mdx': 'Shared.',
      'notes.txt': 'x',
    });
    expect(content.documents.map((d) => d.slug)).toEqual(['a']);
  });

  it('reports as warnings what strict mode refuses, and serves the content', () => {
    const broken = { 'a.md': '---\ntitle: A\norder: soon\n---\n# Also a title\n\n##### Deep\n\nSee [gone](./gone.md).' };
    const content = load(broken);
    expect(content.warnings.map((p) => formatProblem(p, root))).toEqual([
      'a.md:3: order: expected a number; the value is ignored',
      'a.md:9: broken link "./gone.md": no document at "./gone.md"',
    ]);
  });

  it('stops only on true errors: two files with one slug, broken front matter, no documents', () => {
    expect(errorsOf({ 'a.md': '# A\n\nx', 'a/index.md': '# A again\n\ny', 'b.md': '---\ntitle: [open\n---\nText.' }).errors).toEqual([
      'a/index.md:1: duplicate slug "a": a.md has the same slug; rename or move one of them',
      'b.md:2: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ]);
    expect(errorsOf({ 'c.md': '---\ntitle: C\nText without a closing line.' }).errors).toEqual([
      'c.md:1: front matter is never closed: add a `---` line after it',
    ]);
    expect(errorsOf({ 'notes.txt': 'nothing here' }).errors).toEqual([
      '/content:1: no documents: found no Markdown (.md, .mdx) files in /content; pass the folder that holds the documentation',
    ]);
  });

  it('recognises the layout of the generators from their files', () => {
    expect(
      load({
        'mkdocs.yml': 'site_name: M\ndocs_dir: pages\nnav:\n  - Start: start.md\n',
        'pages/start.md': '# S\n\nx',
        'README.md': '# Not a page',
      }).documents.map((d) => [d.slug, d.label]),
    ).toEqual([['start', 'Start']]);
    expect(load({ 'src/content/docs/a.md': '# A\n\nx', 'README.md': '# R' }).layout).toBe('starlight');
    expect(
      load({ 'docusaurus.config.js': "export default { title: 'Site' };", 'docs/01-a.md': '# A\n\nx' }).documents.map((d) => d.slug),
    ).toEqual(['a']);
    expect(load({ 'a.md': '# A\n\nx' }).layout).toBe('plain');
  });

  it('orders a Docusaurus site by its sidebars.json, categories as groups', () => {
    const sidebars = JSON.stringify({
      docs: {
        Start: ['intro'],
        Guides: [{ type: 'category', label: 'Deep', items: ['guides/b', { type: 'doc', id: 'guides/a', label: 'A!' }] }],
      },
    });
    const content = load({
      'docusaurus.config.js': "export default { title: 'S' };",
      'sidebars.json': sidebars,
      'docs/intro.md': '# I\n\nx',
      'docs/guides/a.md': '# A\n\nx',
      'docs/guides/b.md': '# B\n\nx',
    });
    expect(content.documents.map((d) => [d.group, d.slug, d.label])).toEqual([
      ['Start', 'intro', 'I'],
      ['Guides', 'guides/b', 'B'],
      ['Guides', 'guides/a', 'A!'],
    ]);
  });

  it('orders a Docusaurus site by a sidebars.js or sidebars.ts that exports an object literal, without running it', () => {
    const files = {
      'docusaurus.config.js': "export default { title: 'S' };",
      'docs/intro.md': '# I\n\nx',
      'docs/guides/a.md': '# A\n\nx',
      'docs/guides/b.md': '# B\n\nx',
    };
    const js = `// @ts-check\n/** @type {import('@docusaurus/plugin-content-docs').SidebarsConfig} */\nconst sidebars = {\n  docs: [\n    'intro', // the start\n    { type: 'category', label: 'Guides', items: ['guides/b', { type: 'doc', id: 'guides/a', label: "A's page" }], },\n  ],\n};\n\nmodule.exports = sidebars;\n`;
    const ordered = [
      ['S', 'intro', 'I'],
      ['Guides', 'guides/b', 'B'],
      ['Guides', 'guides/a', "A's page"],
    ];
    expect(load({ ...files, 'sidebars.js': js }).documents.map((d) => [d.group, d.slug, d.label])).toEqual(ordered);
    const ts = `import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';\n\nconst sidebars: SidebarsConfig = {\n  docs: ['intro', { type: 'category', label: 'Guides', items: ['guides/b', { type: 'doc', id: 'guides/a', label: "A's page" }] }],\n};\nexport default sidebars;\n`;
    expect(load({ ...files, 'sidebars.ts': ts }).documents.map((d) => [d.group, d.slug, d.label])).toEqual(ordered);
  });

  it('falls back to folders, with a warning, when the sidebars are built by code', () => {
    const content = load({
      'docusaurus.config.js': "export default { title: 'S' };",
      'sidebars.js': "const generated = require('./generate');\nmodule.exports = { docs: generated.items() };\n",
      'docs/intro.md': '# I\n\nx',
    });
    expect(content.documents.map((d) => d.slug)).toEqual(['intro']);
    expect(content.warnings.map((p) => formatProblem(p, root))).toEqual([
      'sidebars.js:1: the sidebars are built by code, which kit docs does not run; the documents are ordered by folder (export the sidebars as an object literal, or write them to sidebars.json)',
    ]);
  });

  it('still reads kit front matter and settings without strict mode, reporting unknown groups and tags as warnings', () => {
    const content = load({
      'site.yaml': 'title: T\nsummary: S\ngroups: [Guides]\n',
      'taxonomy.yaml': taxonomy,
      'docs/a.md': doc(front({ group: 'Elsewhere', topics: '[database, nope]' }), 'Text.'),
    });
    expect(content.layout).toBe('kit');
    expect(content.documents[0]).toMatchObject({ group: 'Elsewhere', topics: ['database'] });
    expect(content.warnings.map((p) => formatProblem(p, root))).toEqual([
      'docs/a.md:6: unknown topic tag "nope"; add it to taxonomy.yaml under its category, or use a listed tag',
    ]);
  });
});
