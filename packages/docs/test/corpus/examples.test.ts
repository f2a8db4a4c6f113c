import { describe, expect, it } from 'vitest';
import { ContentError, loadContent } from '../../src/content/index.js';
import { packageCoverage, sectionUrlsFromHeadings } from './examples-coverage.js';
import { contentDir, readExamples, readExampleTopics, topicsOf } from './examples-files.js';

const examples = readExamples();
const exampleTopics = readExampleTopics();

/** The topics the documentation query specification names for /api/examples. */
const specifiedTopics = [
  'defineAPI',
  'defineModel',
  'authentication',
  'routing',
  'deployment',
  'policy',
  'ai-toolkit',
  'database',
  'loader',
  'middleware',
];

const MIN_EXAMPLES = 60;
const MIN_PER_TOPIC = 4;

describe('example files', () => {
  it(`holds at least ${MIN_EXAMPLES} examples, each a .ts, .tsx or .sh file with a kebab-case id`, () => {
    expect(examples.length).toBeGreaterThanOrEqual(MIN_EXAMPLES);
    const misnamed = examples.filter(
      (example) => !['.ts', '.tsx', '.sh'].includes(example.extension) || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(example.id),
    );
    expect(misnamed.map((example) => example.fileName)).toEqual([]);
  });

  it('gives every example a title, a description, known topics and a section url in its front matter', () => {
    const known = new Set(exampleTopics.map((topic) => topic.toLowerCase()));
    const problems = examples.flatMap((example) => {
      const meta = example.meta;
      if (!meta) return [`${example.fileName}: no front matter at the top of the file`];
      const found: string[] = [];
      for (const field of ['title', 'description'] as const) {
        const value = meta[field];
        if (typeof value !== 'string' || value.trim() === '') found.push(`${example.fileName}: ${field} is missing or empty`);
      }
      const topics = topicsOf(example);
      if (topics.length === 0) found.push(`${example.fileName}: topics is missing or empty`);
      for (const topic of topics) if (!known.has(topic.toLowerCase())) found.push(`${example.fileName}: unknown topic "${topic}"`);
      if (typeof meta.relatedDocs !== 'string' || !/^\/docs\/[a-z0-9-]+#[\w-]+$/.test(meta.relatedDocs)) {
        found.push(`${example.fileName}: relatedDocs must be a section url /docs/<slug>#<anchor>`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('links every example to a section that exists', async () => {
    let sectionUrls: Set<string>;
    try {
      const content = await loadContent(contentDir);
      // The loader has resolved relatedDocs; it also parsed every example the same way the service will.
      expect(content.examples.map((example) => example.id)).toEqual(examples.map((example) => example.id));
      sectionUrls = new Set(content.sections.map((section) => section.url));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      // Problems in the examples fail here; problems elsewhere in the corpus are reported by their own checks.
      const exampleProblems = error.problems.filter((problem) => problem.file.includes('/content/examples/'));
      expect(exampleProblems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`)).toEqual([]);
      sectionUrls = sectionUrlsFromHeadings();
    }
    const broken = examples.filter((example) => !sectionUrls.has(String(example.meta?.relatedDocs)));
    expect(broken.map((example) => `${example.fileName}: ${String(example.meta?.relatedDocs)}`)).toEqual([]);
  });
});

describe('example topics', () => {
  it('lists every topic the specification names in taxonomy.yaml', () => {
    const known = new Set(exampleTopics.map((topic) => topic.toLowerCase()));
    expect(specifiedTopics.filter((topic) => !known.has(topic.toLowerCase()))).toEqual([]);
  });

  it.each(exampleTopics)(`has at least ${MIN_PER_TOPIC} examples for %s`, (topic) => {
    const matching = examples.filter((example) => topicsOf(example).some((tag) => tag.toLowerCase() === topic.toLowerCase()));
    expect(matching.length, `examples for ${topic}: ${matching.map((example) => example.id).join(', ')}`).toBeGreaterThanOrEqual(
      MIN_PER_TOPIC,
    );
  });
});

describe('package coverage', () => {
  it('shows every one of the twelve packages in at least one example', () => {
    const coverage = packageCoverage(examples);
    const uncovered = [...coverage].filter(([, count]) => count === 0).map(([pkg]) => pkg);
    expect(uncovered).toEqual([]);
  });
});
