import { camelOf, pascalOf, titleOf, variableOf, type NameSegment } from './names.js';

/** A file `kit add` writes: where (relative to the root), what, and what to tell the developer. */
export interface Scaffold {
  readonly path: string;
  readonly content: string;
  /** What the file is, for the "Created ..." line: `GET /api/hello`, `model ticket (table ticket)`. */
  readonly what: string;
  /** The URL pattern of a route file (to check it against the existing routes), or null. */
  readonly pattern: string | null;
  /** Packages the file imports, which the app must have. */
  readonly imports: readonly string[];
  /** Lines of advice printed after it. */
  readonly next: readonly string[];
}

function fileSegments(segments: readonly NameSegment[]): string[] {
  return segments.map((segment) =>
    segment.kind === 'param' ? `[${segment.text}]` : segment.kind === 'group' ? `(${segment.text})` : segment.text,
  );
}

/** The URL pattern the router gives a route file: groups leave no trace, `index` stands for its folder. */
function patternOf(prefix: readonly string[], segments: readonly NameSegment[]): string {
  const parts = [...prefix];
  segments.forEach((segment, index) => {
    if (segment.kind === 'group') return;
    if (segment.kind === 'param') parts.push(`:${segment.text}`);
    else if (!(segment.text === 'index' && index === segments.length - 1)) parts.push(segment.text);
  });
  return `/${parts.join('/')}`;
}

const words = (segments: readonly NameSegment[]) =>
  segments.filter((segment) => segment.kind === 'word' && segment.text !== 'index').map((segment) => segment.text);

/** A string literal of the generated code, in single quotes. */
function quoted(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * The description of a generated API route: what the route is, from its name, and what it returns as
 * generated, since it becomes the MCP tool's description that agents choose tools by
 * (`kit add api tickets`: "Tickets endpoint: returns a greeting for the name given.").
 */
export function apiDescription(segments: readonly NameSegment[], params: readonly string[]): string {
  const subject = titleOf(words(segments).join('-')) || 'API';
  const extra = params.length === 0 ? '' : `, with the ${params.join(' and ')} from the URL`;
  return `${subject} endpoint: returns a greeting for the name given${extra}.`;
}

/** `kit add api <name>`: `app/routes/api/<name>.api.ts`, a GET route with zod schemas. */
export function apiScaffold(name: string, segments: readonly NameSegment[]): Scaffold {
  const pattern = patternOf(['api'], segments);
  const params = segments.filter((segment) => segment.kind === 'param').map((segment) => segment.text);
  const inputFields = [
    ...params.map((param) => `    ${param}: z.string().min(1).describe('The ${param} in the URL'),`),
    `    name: z.string().min(1).max(100).default('world').describe('Who to greet'),`,
  ];
  const outputFields = [`    message: z.string().describe('The greeting'),`, ...params.map((param) => `    ${param}: z.string(),`)];
  const result =
    params.length === 0
      ? '{ message: `Hello, ${input.name}!` }'
      : `{ message: \`Hello, \${input.name}!\`, ${params.map((param) => `${param}: input.${param}`).join(', ')} }`;
  const content = `import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';

// GET ${pattern}, created by \`kit add api ${name}\`. The schemas are the route's contract: kit checks
// the input and the output against them and publishes them in /openapi.json and as an MCP tool, so
// keep the description accurate: agents choose tools by it. Change it when you change the handler.
export default defineAPI({
  description: ${quoted(apiDescription(segments, params))},
  capability: 'read',
  input: z.strictObject({
${inputFields.join('\n')}
  }),
  output: z.strictObject({
${outputFields.join('\n')}
  }),
  handler: async ({ input }) => (${result}),
});
`;
  const sample = pattern.replace(/:([a-zA-Z0-9]+)/g, '1');
  return {
    path: `app/routes/api/${fileSegments(segments).join('/')}.api.ts`,
    content,
    what: `GET ${pattern}`,
    pattern,
    imports: ['@kit/kit-core', 'zod'],
    next: [`Try it: kit dev, then curl 'http://127.0.0.1:3000${sample}?name=Ada'`],
  };
}

/** `kit add page <name>`: `app/routes/<name>.page.tsx`, a component with its title. */
export function pageScaffold(name: string, segments: readonly NameSegment[]): Scaffold {
  const pattern = patternOf([], segments);
  const named = words(segments);
  const component = `${pascalOf(named.join('-')) || 'Index'}Page`;
  const title = titleOf(named.at(-1) ?? 'Home');
  const path = `app/routes/${fileSegments(segments).join('/')}.page.tsx`;
  const content = `// ${pattern}, created by \`kit add page ${name}\`. The page renders on the server and hydrates in the
// browser; export an async \`loader\` beside it to load its data on the server (read it with useLoaderData).
export default function ${component}() {
  return (
    <main>
      <title>${title}</title>
      <h1>${title}</h1>
      <p>Edit ${path} to change this page.</p>
    </main>
  );
}
`;
  return {
    path,
    content,
    what: `page ${pattern}`,
    pattern,
    imports: ['react'],
    next: [`Open it: kit dev, then http://127.0.0.1:3000${pattern.replace(/:([a-zA-Z0-9]+)/g, '1')}`],
  };
}

/** `kit add model <name>`: `app/models/<name>.ts`, a `defineModel` with an id, a title and a creation time. */
export function modelScaffold(name: string): Scaffold {
  const model = camelOf(name);
  const variable = variableOf(name, 'model');
  const table = model.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  const content = `import { datetime, defineModel, id, string } from '@kit/kit-db';

// Model "${model}" (table "${table}"), created by \`kit add model ${name}\`. Add fields with the field and
// relation builders of @kit/kit-db, then generate its migration with \`kit db:migrate\` and apply it
// with \`kit db:push\`.
export const ${variable} = defineModel('${model}', {
  id: id(),
  title: string({ maxLength: 200 }),
  createdAt: datetime().default(() => new Date()),
});

export default ${variable};
`;
  return {
    path: `app/models/${name}.ts`,
    content,
    what: `model ${model} (table ${table})`,
    pattern: null,
    imports: ['@kit/kit-db'],
    next: ['Next: add its fields, then kit db:migrate and kit db:push.'],
  };
}

/** `kit add policy <name>`: `app/policies/<name>.ts`, a `definePolicy` that denies anonymous callers. */
export function policyScaffold(name: string): Scaffold {
  const variable = variableOf(name, 'policy');
  const content = `import { definePolicy } from '@kit/kit-core';

// Policy "${name}", created by \`kit add policy ${name}\`. A route applies it with policy: '${name}' in
// its defineAPI, and the app knows it once it is listed in policies of kit.config.ts. \`check\` says
// whether the effect applies to a call: as written, callers who are not signed in are denied.
export const ${variable} = definePolicy({
  key: '${name}',
  title: '${titleOf(name)}',
  effect: 'deny',
  check: async ({ ctx }) => (ctx.auth === undefined ? { applies: true, reason: 'sign in first' } : { applies: false }),
});

export default ${variable};
`;
  return {
    path: `app/policies/${name}.ts`,
    content,
    what: `policy "${name}"`,
    pattern: null,
    imports: ['@kit/kit-core'],
    next: [
      `Next: in kit.config.ts, import ${variable} from './app/policies/${name}.js' and add it to policies: [${variable}];`,
      `then name it from a route: defineAPI({ policy: '${name}', ... }).`,
    ],
  };
}
