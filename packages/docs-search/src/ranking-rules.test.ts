import { describe, expect, it } from 'vitest';
import { createSearchIndex } from './index.js';
import type { SearchableSection, SynonymGroups } from './index.js';

function section(id: string, heading: string, text: string, extra: Partial<SearchableSection> = {}): SearchableSection {
  return { id, documentTitle: 'Guide', heading, text, code: '', topics: [], ...extra };
}

function ids(sections: SearchableSection[], query: string, synonyms: SynonymGroups = [], limit = 10): string[] {
  return createSearchIndex(sections, { synonyms })
    .search(query, { limit })
    .map((hit) => hit.id);
}

const padding = 'This paragraph talks about unrelated configuration of the framework and its many parts.';

describe('identifiers are split and kept whole', () => {
  const corpus = [
    section('factory', 'createSmartAgent', 'createSmartAgent returns an object that runs the loop.', { code: 'createSmartAgent' }),
    section('other', 'Routing', `${padding} Routes live in files.`),
  ];

  it('finds an identifier by itself, its words, and some of its words', () => {
    expect(ids(corpus, 'createSmartAgent')[0]).toBe('factory');
    expect(ids(corpus, 'create smart agent')[0]).toBe('factory');
    expect(ids(corpus, 'smart agent')[0]).toBe('factory');
    expect(ids(corpus, 'agent')).toEqual(['factory']);
  });

  it('corrects a typo in a camelCase identifier', () => {
    expect(ids(corpus, 'createSmartAgnet')[0]).toBe('factory');
    expect(ids(corpus, 'creatSmartAgent')[0]).toBe('factory');
  });

  it('treats _, ., :, / and - the same way in the corpus and in queries', () => {
    const separators = [
      section('snake', 'Limits', 'The max_iterations setting caps the loop.'),
      section('dot', 'Result', 'Read AgentRunResult.status after the run.'),
      section('colon', 'Migrate', 'Run kit db:migrate to create a migration.'),
      section('slash', 'Packages', 'Install @kit/kit-core first.'),
      section('plain', 'Prose', `${padding}`),
    ];
    expect(ids(separators, 'max iterations')[0]).toBe('snake');
    expect(ids(separators, 'maxIterations')[0]).toBe('snake');
    expect(ids(separators, 'max_iterations')[0]).toBe('snake');
    expect(ids(separators, 'status')[0]).toBe('dot');
    expect(ids(separators, 'agent_run_result.status')[0]).toBe('dot');
    expect(ids(separators, 'db:migrate')[0]).toBe('colon');
    expect(ids(separators, 'db migrate')[0]).toBe('colon');
    expect(ids(separators, 'db.migrate')[0]).toBe('colon');
    expect(ids(separators, 'kit-core')[0]).toBe('slash');
    expect(ids(separators, 'kit core')[0]).toBe('slash');
  });

  it('finds file names with a leading underscore exactly', () => {
    const files = [
      section('layout-file', 'Layouts', 'Put a _layout.tsx file in a folder to wrap its pages.'),
      section('layout-word', 'Page layout', 'The layout of a page is its visual arrangement.'),
    ];
    expect(ids(files, '_layout.tsx')[0]).toBe('layout-file');
  });
});

describe('exact matches come first', () => {
  it('ranks an exact match above a completion of a rarer term', () => {
    const corpus = [
      section('exact', 'Loop', `The agent will run until it stops. ${padding}`),
      section('completion', 'Runtime', 'The runtime hosts workers.'),
      section('common-1', 'A', 'You can run it. run again.'),
      section('common-2', 'B', 'We run things.'),
    ];
    const ranked = ids(corpus, 'run');
    expect(ranked.indexOf('exact')).toBeLessThan(ranked.indexOf('completion'));
    expect(ranked.at(-1)).toBe('completion');
  });

  it('ranks an exact match above a typo correction, and does not correct a known word', () => {
    const corpus = [section('corrected', 'Reach', 'How far the signal can reach.'), section('exact', 'React', 'Render with react.')];
    expect(ids(corpus, 'react')).toEqual(['exact']);
  });

  it('corrects only when the word is unknown, and ranks the correction by its strength', () => {
    const corpus = [section('budget', 'Token budgets', 'A token budget caps output.'), section('other', 'Other', padding)];
    expect(ids(corpus, 'tokn budgte')[0]).toBe('budget');
  });

  it('never corrects short terms such as ctx or env', () => {
    const corpus = [
      section('env', 'env(key)', 'env reads an environment variable.', { code: 'env(key)' }),
      section('end', 'end()', 'end closes the stream.', { code: 'end()' }),
      section('ctx', 'Context', 'Handlers receive ctx.', { code: 'ctx' }),
      section('cts', 'Cts', 'cts is something else.'),
    ];
    expect(ids(corpus, 'env')).toEqual(['env']);
    expect(ids(corpus, 'ctx')).toEqual(['ctx']);
    expect(ids(corpus, 'enx')).toEqual([]);
  });
});

describe('stop words and stemming never swallow code words', () => {
  const corpus = [
    section('this', 'Binding this', 'Inside a handler, this is the route.', { code: 'this' }),
    section('get', 'get()', 'Call get() to read a value.', { code: 'get()' }),
    section('safe', 'isConcurrencySafe', 'Set isConcurrencySafe to run the tool in parallel.', { code: 'isConcurrencySafe' }),
    section('migrations', 'Migrations', 'Migrations change the schema. Configuration of iterations.'),
    section('prose', 'Prose', padding),
  ];

  it('finds code words that are also English function words', () => {
    expect(ids(corpus, 'this')[0]).toBe('this');
    expect(ids(corpus, '`this`')[0]).toBe('this');
    expect(ids(corpus, 'get')[0]).toBe('get');
    expect(ids(corpus, 'is concurrency safe')[0]).toBe('safe');
    expect(ids(corpus, 'isConcurrencySafe')[0]).toBe('safe');
  });

  it('still ignores function words in questions', () => {
    expect(ids(corpus, 'how do the migrations work')[0]).toBe('migrations');
  });

  it('completes as-you-type prefixes that are longer than the stem', () => {
    expect(ids(corpus, 'migrat')[0]).toBe('migrations');
    expect(ids(corpus, 'iterati')[0]).toBe('migrations');
    expect(ids(corpus, 'isConcurr')[0]).toBe('safe');
  });
});

describe('phrases', () => {
  const corpus = [
    section('apart', 'Apart', 'A smart router sends each agent to a region.'),
    section('together', 'Together', 'Every smart agent runs a loop.'),
  ];

  it('keeps only sections that hold a quoted phrase', () => {
    expect(ids(corpus, '"smart agent"')).toEqual(['together']);
  });

  it('searches the words when no section holds the phrase', () => {
    expect(ids(corpus, '"agent smart"')).toEqual(ids(corpus, 'agent smart'));
  });

  it('matches a phrase in the heading', () => {
    const headed = [section('h', 'Smart agent loop', 'Text.'), section('t', 'Other', 'smart things about an agent')];
    expect(ids(headed, '"smart agent"')).toEqual(['h']);
  });
});

describe('field weights and section structure', () => {
  it('ranks a section whose heading names the identifier above one that mentions it often', () => {
    const corpus = [
      section('mentions', 'Examples', 'Call createSmartAgent, then createSmartAgent again; createSmartAgent is cheap.', {
        code: 'createSmartAgent createSmartAgent createSmartAgent',
      }),
      section('named', 'createSmartAgent(config)', `Creates the agent. ${padding}`, { code: 'createSmartAgent' }),
    ];
    expect(ids(corpus, 'createSmartAgent')[0]).toBe('named');
  });

  it('keeps an exact heading match first however often the body repeats the words', () => {
    const corpus = [
      section('body', 'Middleware', 'rate limits rate limits rate limits apply; rate limits everywhere.', {
        code: 'rateLimits rateLimits',
      }),
      section('title', 'Rate limits', `Limits per auth type. ${padding}`),
    ];
    expect(ids(corpus, 'rate limits')[0]).toBe('title');
  });

  it('weighs the heading above code and code above the body', () => {
    const corpus = [
      section('body', 'One', `${padding} The timeout applies.`),
      section('code', 'Two', `${padding} Set it.`, { code: 'timeout' }),
      section('heading', 'Timeout', `${padding} Set it.`),
    ];
    expect(ids(corpus, 'timeout')).toEqual(['heading', 'code', 'body']);
  });

  it('names the Overview of a document by the document title', () => {
    const corpus = [
      section('build', 'kit build', 'Build the app for deployment.', { documentTitle: 'Deployment' }),
      section('overview', 'Overview', 'How the app gets to production.', { documentTitle: 'Deployment' }),
    ];
    expect(ids(corpus, 'deployment')[0]).toBe('overview');
  });

  it('counts the document title and the topics', () => {
    const corpus = [
      section('untitled', 'Setup', 'Install things.'),
      section('titled', 'Setup', 'Install things.', { documentTitle: 'Database' }),
      section('tagged', 'Setup', 'Install things.', { topics: ['database'] }),
    ];
    const ranked = ids(corpus, 'database');
    expect(ranked).toContain('titled');
    expect(ranked).toContain('tagged');
    expect(ranked).not.toContain('untitled');
  });

  it('ranks a section holding all query words above one repeating a single word', () => {
    const corpus = [
      section('one', 'Tokens', 'tokens tokens tokens tokens tokens tokens.'),
      section('all', 'Budget', 'The output tokens budget per turn.'),
    ];
    expect(ids(corpus, 'output tokens budget')[0]).toBe('all');
  });
});

describe('words the stemmer merges', () => {
  it('prefers a heading with the word typed (or its plural) over another word of the same stem', () => {
    const corpus = [
      section('verb', 'approve', 'The approve effect asks a person first.'),
      section('noun', 'Approvals', 'An approval pauses the run until someone decides.'),
    ];
    expect(ids(corpus, 'approvals')[0]).toBe('noun');
    expect(ids(corpus, 'approval')[0]).toBe('noun');
    expect(ids(corpus, 'approve')[0]).toBe('verb');
  });
});

describe('proximity', () => {
  it('ranks words that stand together above words far apart', () => {
    const far = `token ${padding} ${padding} budget`;
    const corpus = [section('far', 'Notes', far), section('near', 'Notes', `${padding} ${padding} token budget`)];
    expect(ids(corpus, 'token budget')[0]).toBe('near');
  });
});

describe('synonyms', () => {
  const corpus = [
    section('limits', 'Rate limits', 'Limit requests per client.'),
    section('database', 'Database', 'Models live in the database.'),
    section('db', 'db helper', 'The db object.'),
    section('other', 'Other', padding),
  ];
  const synonyms = [
    ['throttle', 'rate limit'],
    ['db', 'database'],
  ];

  it('finds a section by a word it does not use', () => {
    expect(ids(corpus, 'throttle', synonyms)[0]).toBe('limits');
    expect(ids(corpus, 'throttle requests', synonyms)[0]).toBe('limits');
    expect(ids(corpus, 'throttle')).toEqual([]);
  });

  it('matches a synonym phrase with function words only as a whole', () => {
    const auth = [section('auth', 'Auth', 'Sessions and keys.'), section('sign', 'Signatures', 'Sign a payload.')];
    const groups = [['auth', 'sign in']];
    expect(ids(auth, 'how do I sign in', groups)[0]).toBe('auth');
    expect(ids(auth, 'sign', groups)).toEqual(['sign']);
  });

  it('never lets a rarer synonym outweigh the word typed', () => {
    const corpus = [
      section('routes-1', 'Routes', 'Each route file serves a URL.'),
      section('routes-2', 'More routes', 'A route per file.'),
      section('routes-3', 'Routing', 'The route manifest.'),
      section('endpoint', 'Approvals', 'Protect the endpoint that decides.'),
    ];
    expect(ids(corpus, 'routing', [['route', 'endpoint']]).at(-1)).toBe('endpoint');
  });

  it('ranks the word as typed above its synonym', () => {
    expect(ids(corpus, 'db', synonyms)).toEqual(['db', 'database']);
    expect(ids(corpus, 'database', synonyms)).toEqual(['database', 'db']);
  });

  it('uses a few built-in groups for a corpus with no table of its own, and never beside one', () => {
    const cookies = [
      section('set-cookie', 'setCookie', 'Sets a cookie. The cookie gets a name, a value and the cookie options.', {
        code: 'setCookie(c, name, value)',
      }),
      section('delete-cookie', 'deleteCookie', 'Deletes a cookie by name.', { code: 'deleteCookie(c, name)' }),
    ];
    const first = (options: Parameters<typeof createSearchIndex>[1]) =>
      createSearchIndex(cookies, options).search('remove a cookie', { limit: 5 })[0]?.id;
    expect(first({})).toBe('delete-cookie');
    expect(first({ builtInSynonyms: false })).toBe('set-cookie');
    // A corpus with its own table has said which words are interchangeable for it.
    expect(first({ synonyms: [['cookie', 'biscuit']] })).toBe('set-cookie');
    expect(first({ synonyms: [['cookie', 'biscuit']], builtInSynonyms: true })).toBe('delete-cookie');
  });
});

describe('case and Unicode', () => {
  const corpus = [
    section('factory', 'createSmartAgent', 'Builds the agent.', { code: 'createSmartAgent' }),
    section('other', 'Other', padding),
  ];

  it('folds case and applies NFKC to queries', () => {
    expect(ids(corpus, 'CREATESMARTAGENT')[0]).toBe('factory');
    expect(ids(corpus, 'createsmartagent')[0]).toBe('factory');
    expect(ids(corpus, 'ｃｒｅａｔｅＳｍａｒｔＡｇｅｎｔ')[0]).toBe('factory');
  });
});

describe('order and filtering', () => {
  it('keeps corpus order between equal scores', () => {
    const corpus = [section('b', 'Same', 'same words'), section('a', 'Same', 'same words'), section('c', 'Same', 'same words')];
    expect(ids(corpus, 'same')).toEqual(['b', 'a', 'c']);
  });

  it('filters by topic, compared in lower case', () => {
    const corpus = [
      section('ai', 'Hooks', 'hooks', { topics: ['ai', 'hooks'] }),
      section('web', 'Hooks', 'hooks', { topics: ['routing'] }),
    ];
    const index = createSearchIndex(corpus);
    expect(index.search('hooks', { limit: 5, topic: 'AI' }).map((hit) => hit.id)).toEqual(['ai']);
    expect(index.search('hooks', { limit: 5, topic: 'policy' })).toEqual([]);
  });

  it('honours the limit and gives positive, decreasing scores', () => {
    const corpus = Array.from({ length: 20 }, (_, index) => section(`s${index}`, `Part ${index}`, `agent ${'word '.repeat(index)}`));
    const hits = createSearchIndex(corpus).search('agent', { limit: 7 });
    expect(hits).toHaveLength(7);
    for (let index = 1; index < hits.length; index += 1) expect(hits[index - 1]!.score).toBeGreaterThanOrEqual(hits[index]!.score);
    expect(hits.every((hit) => hit.score > 0)).toBe(true);
  });
});

describe('large corpora', () => {
  it('lets very common words only add to sections that rarer words found, once those fill the page', () => {
    const corpus = Array.from({ length: 6000 }, (_, index) =>
      section(`s${index}`, `Part ${index}`, index % 500 === 0 ? 'common rare words' : 'common words'),
    );
    const index = createSearchIndex(corpus);
    const rare = index.search('rare common', { limit: 5 });
    expect(rare.map((hit) => hit.id)).toEqual(['s0', 's500', 's1000', 's1500', 's2000']);
    // Alone, the common word still finds every section.
    expect(index.search('common', { limit: 3 }).map((hit) => hit.id)).toEqual(['s1', 's2', 's3']);
  });
});

describe('a topic filter is also context', () => {
  const corpus = [
    section('compliance', 'defineCompliance', 'defineCompliance declares compliance primitives; define them once per app.', {
      code: 'defineCompliance',
      topics: ['policy'],
    }),
    section('policy', 'definePolicy', 'definePolicy declares a policy with an effect and a check.', {
      code: 'definePolicy',
      topics: ['policy'],
    }),
    section('strong', 'Approvals', 'define define define: approvals define who may define a policy decision.', { topics: ['policy'] }),
  ];
  const search = (query: string, topic?: string) =>
    createSearchIndex(corpus)
      .search(query, { limit: 5, ...(topic ? { topic } : {}) })
      .map((hit) => hit.id);

  it('settles a near tie for the section whose heading names the topic', () => {
    expect(search('define').indexOf('policy')).toBeGreaterThan(search('define').indexOf('compliance'));
    expect(search('define', 'policy').indexOf('policy')).toBeLessThan(search('define', 'policy').indexOf('compliance'));
  });

  it('never outweighs what the query says', () => {
    expect(search('compliance primitives', 'policy')[0]).toBe('compliance');
  });
});

describe('documentation written elsewhere: headings, leads and words written differently', () => {
  it('ranks a section whose heading is made of query words above a neighbour that mentions them more', () => {
    const corpus = [
      section('context-header', 'header()', 'You can set HTTP headers for the response.', { code: "c.header('X-Message', 'Hi')" }),
      section(
        'custom-response',
        'Custom Response',
        'Set a custom response when an error happens: the response body, the status and the response header are yours to set.',
      ),
    ];
    expect(ids(corpus, 'set a response header')[0]).toBe('context-header');
  });

  it('ranks the entry of a function the query names as a plain word above a neighbour that uses the word more', () => {
    // Sections that read a request's URL, so that `url` is a common word, as it is in web documentation.
    const others = ['url()', 'Routing', 'Base path', 'Fetching'].map((heading, index) =>
      section(
        `other-${index}`,
        heading,
        `Each request has a URL; this part reads the URL of a request and its path.${' Other words.'.repeat(index)}`,
      ),
    );
    const corpus = [
      section('redirect', 'redirect()', 'Redirect, default status code is 302.', { code: "c.redirect('/')", documentTitle: 'Context' }),
      section(
        'trailing-slash',
        'Overview',
        'appendSlash redirects a request to the URL with a trailing slash when no route matched; trimSlash redirects to the URL without one.',
        {
          documentTitle: 'Trailing Slash Middleware',
        },
      ),
      ...others,
    ];
    expect(ids(corpus, 'redirect to another URL')[0]).toBe('redirect');
    // A heading that names two functions is not one function's entry.
    const pair = corpus.map((entry) => (entry.id === 'redirect' ? { ...entry, heading: 'redirect() and rewrite()' } : entry));
    expect(ids(pair, 'redirect to another URL')[0]).toBe('trailing-slash');
  });

  it('does not let generic words of a question win through the parts of an identifier', () => {
    const corpus = [
      section(
        'test-client',
        'testClient()',
        'testClient() returns a typed client for tests. The typed client calls every route of the app with typed arguments, like any typed client.',
        { code: 'testClient(app)', documentTitle: 'Testing helper' },
      ),
      section('rpc-client', 'Client', 'hc returns a client typed by your app, so its calls to routes are checked.', {
        code: 'hc<AppType>(url)',
        documentTitle: 'RPC',
      }),
    ];
    expect(ids(corpus, 'typed client')[0]).toBe('rpc-client');
    expect(ids(corpus, 'client with typed routes')[0]).toBe('rpc-client');
  });

  it('finds a function named by its concept through its lead and a word the text writes closed up', () => {
    const corpus = [
      section('query', 'query()', 'Get querystring parameters.\nconst q = c.req.query("q")', { code: 'const q = c.req.query("q")' }),
      section(
        'path-params',
        'Path parameters',
        'Path parameters are read from the path of the URL. A parameter is a string, so read it as a string and parse it yourself.',
      ),
    ];
    expect(ids(corpus, 'read query string parameters')[0]).toBe('query');
  });

  it('weighs the first sentence of a section, which says what it is for', () => {
    const corpus = [
      section('verify', 'Verification', `Certificate checks can be turned off with verify=False.\n${padding} ${padding} ${padding}`),
      section(
        'certs',
        'Client certificates',
        `${padding} Certificates: a client certificate is checked by the server; the server turns the checks off or on, and certificate checks of the client are separate.`,
      ),
    ];
    expect(ids(corpus, 'turn off certificate checks')[0]).toBe('verify');
  });

  it('matches the short forms identifiers use for words (dir, async)', () => {
    const store = [
      section('store-dir', 'storeDir', 'The location of the store. Defaults to ~/.local/share/pnpm/store.', { code: 'storeDir' }),
      section('doctor', 'Checks', 'Checks that the store is writable and that its directory exists, and where the cache is.'),
    ];
    expect(ids(store, 'where is the store directory')[0]).toBe('store-dir');
    const streams = [
      section('sync-stream', 'Streaming responses', 'Use client.stream() to stream a response in chunks.', { documentTitle: 'Quickstart' }),
      section('async-stream', 'Streaming responses', 'Use client.stream() to stream a response in chunks.', {
        documentTitle: 'Async support',
      }),
    ];
    expect(ids(streams, 'stream a response asynchronously')[0]).toBe('async-stream');
  });

  it('never lets a closed-up word outweigh the words typed', () => {
    const corpus = [
      section('anchor', 'Anchors', 'A heading ## maxIterations gets the anchor #maxiterations, and #maxiterations links to it.'),
      section('limit', 'maxIterations', 'Caps the loop at 10 iterations by default.', { code: 'maxIterations' }),
    ];
    expect(ids(corpus, 'max iterations')[0]).toBe('limit');
  });
});
