import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readCorpusSections, splitSections } from './corpus-sections.js';
import { buildReferenceData, formatReferenceData, loadReferenceData, referenceDataPath, referenceNames } from './reference-data.js';
import { containsName, corpusDocsDir, extractReferenceNames, sectionDocuments, type ReferenceName } from './reference-names.js';

function describeName(entry: ReferenceName): string {
  const what = entry.kind === 'default' ? `${entry.name} (default ${entry.value})` : entry.name;
  return `${what} [${entry.kind}, reference line ${entry.line}]`;
}

describe('extractReferenceNames', () => {
  it('reads fields, types, values and defaults from a field table', () => {
    const names = extractReferenceNames(
      [
        '| Field | Type | Required | Notes |',
        '|---|---|---|---|',
        '| failureMode | "soft" or "hard" | no | |',
        '| maxIterations | number | no | Maximum loop iterations; default 10 |',
        '| kind | AgentTaskKind | no | Values: shell, workflow |',
      ].join('\n'),
    );
    const found = names.map((entry) => `${entry.kind}:${entry.name}${entry.value ? `=${entry.value}` : ''}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'field:failureMode',
        'value:soft',
        'value:hard',
        'field:maxIterations',
        'default:maxIterations=10',
        'type:AgentTaskKind',
        'value:shell',
        'value:workflow',
      ]),
    );
  });

  it('reads every field of a type table cell, including shared and nested ones', () => {
    const names = extractReferenceNames(
      [
        '| Type | Fields |',
        '|---|---|',
        '| Experience | id, goal: string; usage?: { promptTokens, totalTokens } (numbers); chatTimeoutMs? (max wait, default 120000) |',
      ].join('\n'),
    ).map((entry) => entry.name + (entry.value ? `=${entry.value}` : ''));
    expect(names).toEqual(
      expect.arrayContaining(['Experience', 'id', 'goal', 'usage', 'promptTokens', 'totalTokens', 'chatTimeoutMs', 'chatTimeoutMs=120000']),
    );
  });

  it('expands command alternatives into one command each', () => {
    const names = extractReferenceNames(
      [
        '| Command | Effect |',
        '|---|---|',
        '| kit add api, page or model `<name>` | Scaffolds |',
        '| kit ops:events, ops:tail | Inspects |',
        '| kit deploy:init --target `<target>` | Generates |',
      ].join('\n'),
    )
      .filter((entry) => entry.kind === 'command')
      .map((entry) => entry.name);
    expect(names).toEqual(['kit add api', 'kit add page', 'kit add model', 'kit ops:events', 'kit ops:tail', 'kit deploy:init']);
  });

  it('reads names from prose lists, calls and inline code, and leaves prose words out', () => {
    const names = extractReferenceNames(
      [
        'Database providers: sqlite, libsql, postgres.',
        'Engine functions: buildExperience(), shouldCapture(). `createMemoryAccessor()` gives the operations remember, recall, forget, about.',
        'Route file conventions: `*.api.ts`, `_layout.tsx`. Written in TypeScript with `Kit` in names.',
      ].join('\n'),
    ).map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'sqlite',
        'libsql',
        'postgres',
        'buildExperience',
        'shouldCapture',
        'createMemoryAccessor',
        'remember',
        'about',
        '*.api.ts',
        '_layout.tsx',
      ]),
    );
    expect(names).not.toContain('TypeScript');
    expect(names).not.toContain('Kit');
    expect(names).not.toContain('operations');
  });
});

describe('extractReferenceNames: facts stated in behaviour text and prose', () => {
  it('pairs fixed numbers of a function or command with its name', () => {
    const names = extractReferenceNames(
      [
        '| Function | Behavior |',
        '|---|---|',
        '| estimateTokens(messages) | Rough token estimate: content length divided by 4 |',
        '',
        '| Command | Effect |',
        '|---|---|',
        '| kit verify | Runs the 8-step verification cascade |',
      ].join('\n'),
    ).filter((entry) => entry.kind === 'default');
    expect(names.map((entry) => `${entry.name}=${entry.value}`)).toEqual(['estimateTokens=4', 'kit verify=8']);
  });

  it('reads defaults written as assignments in prose, and well-known paths', () => {
    const names = extractReferenceNames(
      'Skill functions: `defineSkill(def)` creates a skill with defaults source = developer and utility = 1.0; ' +
        '`generateAgentCard()` (agent card served at /.well-known/agent.json).',
    );
    const found = names.map((entry) => `${entry.kind}:${entry.name}${entry.value ? `=${entry.value}` : ''}`);
    expect(found).toEqual(
      expect.arrayContaining(['default:source=developer', 'default:utility=1.0', 'route-convention:/.well-known/agent.json']),
    );
  });
});

describe('containsName and sectionDocuments', () => {
  it('matches whole names only', () => {
    expect(containsName('the `run()` method', 'run')).toBe(true);
    expect(containsName('while running', 'run')).toBe(false);
    expect(containsName('files named *.api.ts are routes', '*.api.ts')).toBe(true);
  });

  it('asks a default to appear with its value, digits grouped or not', () => {
    const entry: ReferenceName = { name: 'chatTimeoutMs', kind: 'default', value: '120000', line: 1 };
    expect(sectionDocuments('`chatTimeoutMs` defaults to 120_000 ms', entry)).toBe(true);
    expect(sectionDocuments('`chatTimeoutMs` has a default', entry)).toBe(false);
  });
});

describe('splitSections', () => {
  it('splits at ## and ### outside code fences, with the text before the first heading as Overview', () => {
    const sections = splitSections('---\ntitle: x\n---\nIntro\n## One\n```\n## not a heading\n```\n### Two\nbody', 'x.md');
    expect(sections.map((section) => section.heading)).toEqual(['Overview', 'One', 'Two']);
  });
});

describe('the reference data file (reference-names.json)', () => {
  it('is written exactly as the refresh script writes it, so a hand edit shows up here', () => {
    const text = readFileSync(referenceDataPath, 'utf8');
    expect(formatReferenceData(JSON.parse(text))).toBe(text);
  });

  it('says which reference it was made from', () => {
    const { source } = loadReferenceData();
    expect(source.file).toBe('framework-library-reference.md');
    expect(source.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(source.lines).toBeGreaterThan(250);
  });

  it('holds names of every kind the coverage tests rely on', () => {
    const names = referenceNames();
    const kinds = new Set(names.map((entry) => entry.kind));
    for (const kind of ['package', 'type', 'field', 'function', 'value', 'hook', 'command', 'route-convention', 'default'] as const) {
      expect(kinds, `no name of kind ${kind} in the data file`).toContain(kind);
    }
    expect(names.filter((entry) => entry.kind === 'package')).toHaveLength(12);
    expect(names.length).toBeGreaterThan(350);
    expect(names).toContainEqual(expect.objectContaining({ name: 'maxIterations', kind: 'default', value: '10' }));
  });

  it('is what the refresh script derives from a reference, names, packages and commands together', () => {
    const markdown = [
      '# Framework Library Reference',
      '',
      '| Field | Type | Notes |',
      '|---|---|---|',
      '| maxIterations | number | Maximum loop iterations; default 10 |',
      '',
      '### Command-line program',
      '',
      '| Command | Effect |',
      '|---|---|',
      '| kit verify | Runs the checks |',
      '| kit add api, page `<name>` | Scaffolds |',
      '',
    ].join('\n');
    const data = buildReferenceData(markdown, '/somewhere/framework-library-reference.md');
    expect(data.source).toEqual({ file: 'framework-library-reference.md', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), lines: 12 });
    expect(data.names).toContainEqual({ name: 'maxIterations', kind: 'default', value: '10', line: 5 });
    expect(data.commands).toEqual([
      { name: 'verify', subcommands: [], flags: [] },
      { name: 'add', subcommands: ['api', 'page'], flags: [] },
    ]);
    expect(Object.keys(data.packages)).toHaveLength(12);
    expect(JSON.parse(formatReferenceData(data))).toEqual(data);
  });
});

describe('corpus coverage of the reference', () => {
  it('documents every name of the reference in some section of packages/docs/content/docs', () => {
    const sections = readCorpusSections(corpusDocsDir);
    const missing = referenceNames().filter((entry) => !sections.some((section) => sectionDocuments(section.text, entry)));
    expect(missing.map(describeName), `${missing.length} reference names are missing from the corpus`).toEqual([]);
  });
});
