import { describe, expect, it } from 'vitest';
import type { RouteManifest } from '../manifest.js';
import { routeDiagnosticCodes } from '../manifest.js';
import { files, routeTree } from '../testing/route-tree.js';
import { scanRoutes } from './scan-routes.js';

async function scan(...paths: string[]): Promise<RouteManifest> {
  return scanRoutes(await routeTree(files(...paths)));
}

function routeFiles(manifest: RouteManifest): string[] {
  return manifest.routes.map((route) => route.file).sort();
}

describe('route_conflict', () => {
  it('keeps the first of two files with the same URL shape and names both', async () => {
    const manifest = await scan('tickets/[id].page.tsx', 'tickets/[ticketId].page.tsx');
    expect(routeFiles(manifest)).toEqual(['tickets/[id].page.tsx']);
    expect(manifest.diagnostics).toEqual([
      {
        code: 'route_conflict',
        severity: 'error',
        files: ['tickets/[id].page.tsx', 'tickets/[ticketId].page.tsx'],
        message:
          'tickets/[id].page.tsx and tickets/[ticketId].page.tsx both serve /tickets/:param; only tickets/[id].page.tsx is used and tickets/[ticketId].page.tsx is left out',
        fix: 'Keep one file per URL: move, rename or delete tickets/[ticketId].page.tsx.',
      },
    ]);
  });

  it('treats a page and an API route at one URL, and files in two groups, as conflicts', async () => {
    const manifest = await scan('(a)/x.page.tsx', '(b)/x.page.tsx', 'x.api.ts', 'y/index.page.tsx', 'y.page.tsx');
    expect(routeFiles(manifest)).toEqual(['(a)/x.page.tsx', 'y/index.page.tsx']);
    expect(manifest.diagnostics).toEqual([
      {
        code: 'route_conflict',
        severity: 'error',
        files: ['(a)/x.page.tsx', '(b)/x.page.tsx', 'x.api.ts'],
        message:
          '(a)/x.page.tsx, (b)/x.page.tsx and x.api.ts all serve /x; only (a)/x.page.tsx is used and (b)/x.page.tsx and x.api.ts are left out',
        fix: 'Keep one file per URL: move, rename or delete (b)/x.page.tsx and x.api.ts. A page and an API route cannot share a URL: put API routes in a folder of their own, such as api/. Route groups such as (name) add nothing to the URL.',
      },
      {
        code: 'route_conflict',
        severity: 'error',
        files: ['y/index.page.tsx', 'y.page.tsx'],
        message: 'y/index.page.tsx and y.page.tsx both serve /y; only y/index.page.tsx is used and y.page.tsx is left out',
        fix: 'Keep one file per URL: move, rename or delete y.page.tsx.',
      },
    ]);
  });

  it('reports two not-found pages for one prefix', async () => {
    const manifest = await scan('not-found.tsx', '(shop)/not-found.tsx');
    expect(manifest.notFound.map((boundary) => boundary.file)).toEqual(['(shop)/not-found.tsx']);
    expect(manifest.diagnostics).toEqual([
      {
        code: 'route_conflict',
        severity: 'error',
        files: ['(shop)/not-found.tsx', 'not-found.tsx'],
        message:
          '(shop)/not-found.tsx and not-found.tsx are both the not-found page of /; only (shop)/not-found.tsx is used and not-found.tsx is left out',
        fix: 'Keep one not-found.tsx per URL prefix: delete not-found.tsx, or move it into a folder with a prefix of its own (route groups such as (name) add nothing to the URL).',
      },
    ]);
  });
});

describe('dynamic_shadow', () => {
  it('warns when one URL segment carries different parameter names, and keeps every route', async () => {
    const manifest = await scan(
      'tickets/[id]/edit.page.tsx',
      'tickets/[ticketId]/view.page.tsx',
      '(x)/tickets/[ticketId]/log.page.tsx',
      'other/[id].page.tsx',
    );
    expect(routeFiles(manifest)).toEqual([
      '(x)/tickets/[ticketId]/log.page.tsx',
      'other/[id].page.tsx',
      'tickets/[id]/edit.page.tsx',
      'tickets/[ticketId]/view.page.tsx',
    ]);
    expect(manifest.diagnostics).toEqual([
      {
        code: 'dynamic_shadow',
        severity: 'warning',
        files: ['(x)/tickets/[ticketId]', 'tickets/[id]', 'tickets/[ticketId]'],
        message:
          '(x)/tickets/[ticketId], tickets/[id] and tickets/[ticketId] name the same URL segment differently (/tickets/:ticketId, /tickets/:id), so which parameter a URL fills depends on the route it reaches',
        fix: 'Use one name for the segment: rename tickets/[id] to tickets/[ticketId].',
      },
    ]);
  });

  it('names a file that declares the segment', async () => {
    const manifest = await scan('a/[slug].page.tsx', 'a/[id]/edit.page.tsx');
    expect(manifest.diagnostics).toMatchObject([
      {
        code: 'dynamic_shadow',
        files: ['a/[id]', 'a/[slug].page.tsx'],
        fix: 'Use one name for the segment: rename a/[slug].page.tsx to a/[id].page.tsx.',
      },
    ]);
  });
});

describe('unknown_convention', () => {
  it.each([
    [
      '_layuot.tsx',
      '_layuot.tsx starts with "_", which is kept for the conventions _layout.tsx, _middleware.ts, _loading.tsx or _error.tsx, but is none of them; it is ignored',
      'Rename it to _layout.tsx; if it is a helper module, drop the leading "_".',
    ],
    [
      'a/_utils.ts',
      'a/_utils.ts starts with "_", which is kept for the conventions _layout.tsx, _middleware.ts, _loading.tsx or _error.tsx, but is none of them; it is ignored',
      'Rename it to one of _layout.tsx, _middleware.ts, _loading.tsx or _error.tsx; if it is a helper module, drop the leading "_".',
    ],
    [
      '_layout.ts',
      '_layout.ts is not a convention file: kit reads only the exact name _layout.tsx; it is ignored',
      'Rename it to _layout.tsx.',
    ],
    [
      '_layout.jsx',
      '_layout.jsx is not a convention file: kit reads only the exact name _layout.tsx; it is ignored',
      'Rename it to _layout.tsx.',
    ],
    [
      '_middleware.js',
      '_middleware.js is not a convention file: kit reads only the exact name _middleware.ts; it is ignored',
      'Rename it to _middleware.ts.',
    ],
    [
      '_Loading.tsx',
      '_Loading.tsx is not a convention file: kit reads only the exact name _loading.tsx; it is ignored',
      'Rename it to _loading.tsx.',
    ],
    [
      'x/_error.mts',
      'x/_error.mts is not a convention file: kit reads only the exact name _error.tsx; it is ignored',
      'Rename it to x/_error.tsx.',
    ],
    [
      'notfound.tsx',
      'notfound.tsx is not a not-found page: kit reads only the exact name not-found.tsx; it is ignored',
      'Rename it to not-found.tsx.',
    ],
    [
      'a/NotFound.tsx',
      'a/NotFound.tsx is not a not-found page: kit reads only the exact name not-found.tsx; it is ignored',
      'Rename it to a/not-found.tsx.',
    ],
    [
      'not-found.jsx',
      'not-found.jsx is not a not-found page: kit reads only the exact name not-found.tsx; it is ignored',
      'Rename it to not-found.tsx.',
    ],
    [
      'a/not-found.ts',
      'a/not-found.ts is not a not-found page: kit reads only the exact name not-found.tsx; it is ignored',
      'Rename it to a/not-found.tsx.',
    ],
    [
      'not_found.tsx',
      'not_found.tsx is not a not-found page: kit reads only the exact name not-found.tsx; it is ignored',
      'Rename it to not-found.tsx.',
    ],
    ['list.page.ts', 'list.page.ts is not a page: pages are .tsx files, not .ts; it is ignored', 'Rename it to list.page.tsx.'],
    ['list.page.jsx', 'list.page.jsx is not a page: pages are .tsx files, not .jsx; it is ignored', 'Rename it to list.page.tsx.'],
    ['list.pages.tsx', 'list.pages.tsx is not a page: the suffix is .page, not .pages; it is ignored', 'Rename it to list.page.tsx.'],
    ['list.Page.tsx', 'list.Page.tsx is not a page: the suffix is .page, not .Page; it is ignored', 'Rename it to list.page.tsx.'],
    [
      'a/list.api.tsx',
      'a/list.api.tsx is not an API route: API routes are .ts files, not .tsx; it is ignored',
      'Rename it to a/list.api.ts (an API route) or to a/list.page.tsx (a page).',
    ],
    ['list.api.js', 'list.api.js is not an API route: API routes are .ts files, not .js; it is ignored', 'Rename it to list.api.ts.'],
    ['list.api.mts', 'list.api.mts is not an API route: API routes are .ts files, not .mts; it is ignored', 'Rename it to list.api.ts.'],
    ['list.apis.ts', 'list.apis.ts is not an API route: the suffix is .api, not .apis; it is ignored', 'Rename it to list.api.ts.'],
    [
      '[id.page.tsx',
      '[id.page.tsx looks like a route file but the brackets of "[id" do not pair up; it is ignored',
      'Rename it to [id].page.tsx (write a dynamic segment as [name] and a catch-all as [...name]).',
    ],
    [
      'a/id].api.ts',
      'a/id].api.ts looks like a route file but the brackets of "id]" do not pair up; it is ignored',
      'Rename it to a/[id].api.ts (write a dynamic segment as [name] and a catch-all as [...name]).',
    ],
    [
      '[id].tsx',
      '[id].tsx has a route parameter in its name but is neither a page (.page.tsx) nor an API route (.api.ts); it is ignored',
      'Rename it to [id].page.tsx (or [id].api.ts), or drop the brackets if it is a helper.',
    ],
    [
      '[slug].ts',
      '[slug].ts has a route parameter in its name but is neither a page (.page.tsx) nor an API route (.api.ts); it is ignored',
      'Rename it to [slug].api.ts (or [slug].page.tsx), or drop the brackets if it is a helper.',
    ],
  ])('%s', async (file, message, fix) => {
    const manifest = await scan(file, 'index.page.tsx');
    expect(manifest.routes.map((route) => route.file)).toEqual(['index.page.tsx']);
    expect(manifest.diagnostics).toEqual([{ code: 'unknown_convention', severity: 'error', files: [file], message, fix }]);
  });

  it('says nothing about helpers, components, styles and tests', async () => {
    const manifest = await scan(
      'a/schemas.ts',
      'a/card.tsx',
      'a/page.module.css',
      'a/list.page.css',
      'a/x.page.test.tsx',
      'a/_layout.spec.tsx',
      'a/env.d.ts',
      'a/_notes.md',
      'a/index.ts',
      'a/notFound.ts',
      'a/not-found.css',
    );
    expect(manifest).toMatchObject({ routes: [], diagnostics: [] });
  });
});

describe('invalid_segment', () => {
  it('leaves out every file under a folder whose name is no segment, in one diagnostic', async () => {
    const manifest = await scan('bad[id]/index.page.tsx', 'bad[id]/x/y.api.ts', 'bad[id]/_layout.tsx', 'bad[id]/helper.ts', 'ok.page.tsx');
    expect(routeFiles(manifest)).toEqual(['ok.page.tsx']);
    expect(manifest.diagnostics).toEqual([
      {
        code: 'invalid_segment',
        severity: 'error',
        files: ['bad[id]/_layout.tsx', 'bad[id]/index.page.tsx', 'bad[id]/x/y.api.ts'],
        message:
          'The folder bad[id] is not a valid URL segment: "bad[id]" mixes text and a parameter in one segment; bad[id]/_layout.tsx, bad[id]/index.page.tsx and bad[id]/x/y.api.ts are left out',
        fix: 'Rename the folder bad[id] to bad/[id] (a segment is either plain text or a single [name]: split it into nested folders).',
      },
    ]);
  });

  it.each([
    [
      'e/[]/index.page.tsx',
      'The folder e/[] is not a valid URL segment: "[]" names no parameter; e/[]/index.page.tsx is left out',
      'Rename the folder e/[] to e/[id] (write [name], such as [id]).',
    ],
    [
      'f/[...]/x.page.tsx',
      'The folder f/[...] is not a valid URL segment: "[...]" names no parameter; f/[...]/x.page.tsx is left out',
      'Rename the folder f/[...] to f/[...rest] (write [...name], such as [...rest]).',
    ],
    [
      'j/a b/x.page.tsx',
      'The folder j/a b is not a valid URL segment: "a b" contains a space, which has a meaning of its own in a URL pattern; j/a b/x.page.tsx is left out',
      'Rename the folder j/a b to j/a-b (use letters, digits, "-", "_" and "." in folder and file names).',
    ],
    [
      'k/a:b.page.tsx',
      'k/a:b.page.tsx is not a valid route file name: "a:b" is no URL segment, as "a:b" contains ":", which has a meaning of its own in a URL pattern; it is left out',
      'Rename it to k/a-b.page.tsx (use letters, digits, "-", "_" and "." in folder and file names).',
    ],
    [
      'n/(m/x.page.tsx',
      'The folder n/(m is not a valid URL segment: "(m" opens a parenthesis it does not close; n/(m/x.page.tsx is left out',
      'Rename the folder n/(m to n/(m) (write a group as (name)).',
    ],
    [
      'o/()/x.page.tsx',
      'The folder o/() is not a valid URL segment: a group is written (name) with a plain name inside, and "()" is not; o/()/x.page.tsx is left out',
      'Rename the folder o/(): name the group, as in (marketing).',
    ],
    [
      'p/[id/x.page.tsx',
      'The folder p/[id is not a valid URL segment: the brackets of "[id" do not pair up; p/[id/x.page.tsx is left out',
      'Rename the folder p/[id to p/[id] (write a dynamic segment as [name] and a catch-all as [...name]).',
    ],
    [
      'g/[[...opt]].page.tsx',
      'g/[[...opt]].page.tsx is not a valid route file name: "[[...opt]]" is no URL segment, as optional segments such as "[[...opt]]" are not supported; it is left out',
      'Rename it to g/[...opt].page.tsx (use [...opt] and add an index file beside it for the URL without the segment).',
    ],
    [
      'h/v[id].page.tsx',
      'h/v[id].page.tsx is not a valid route file name: "v[id]" is no URL segment, as "v[id]" mixes text and a parameter in one segment; it is left out',
      'Rename it to h/v/[id].page.tsx (a segment is either plain text or a single [name]: split it into nested folders).',
    ],
    [
      'i/[ticket-id].page.tsx',
      'i/[ticket-id].page.tsx is not a valid route file name: "[ticket-id]" is no URL segment, as the parameter name "ticket-id" is not an identifier (letters, digits and "_", not starting with a digit); it is left out',
      'Rename it to i/[ticketId].page.tsx (name parameters like JavaScript variables, such as [ticketId]).',
    ],
    [
      'q/[__proto__].api.ts',
      'q/[__proto__].api.ts is not a valid route file name: "[__proto__]" is no URL segment, as the parameter name "__proto__" is reserved (it would set the prototype of the params object); it is left out',
      'Rename it: choose another name, such as [proto].',
    ],
    [
      '(m).page.tsx',
      '(m).page.tsx is named like a route group, but groups are folders and add nothing to the URL; it is left out',
      'Move it to (m)/index.page.tsx, or give it a plain name.',
    ],
    [
      'k/[...rest]/edit.page.tsx',
      'k/[...rest]/edit.page.tsx puts more segments after the catch-all [...rest] (/k/*rest/edit); a catch-all must be the last segment, so it is left out',
      'Use a one-segment [rest] instead of [...rest] in k/[...rest], or move k/[...rest]/edit.page.tsx so that nothing follows the catch-all.',
    ],
    [
      'k/[...rest]/x/not-found.tsx',
      'k/[...rest]/x/not-found.tsx puts more segments after the catch-all [...rest] (/k/*rest/x); a catch-all must be the last segment, so it is left out',
      'Use a one-segment [rest] instead of [...rest] in k/[...rest], or move k/[...rest]/x/not-found.tsx so that nothing follows the catch-all.',
    ],
    [
      'l/[id]/[id].page.tsx',
      'l/[id]/[id].page.tsx names the parameter "id" twice (/l/:id/:id), so one value would hide the other; it is left out',
      'Give each parameter of a route its own name: rename l/[id]/[id].page.tsx to l/[id]/[id2].page.tsx, or to a name that says what it holds.',
    ],
    [
      'l/[id]/(g)/[id]/index.page.tsx',
      'l/[id]/(g)/[id]/index.page.tsx names the parameter "id" twice (/l/:id/:id), so one value would hide the other; it is left out',
      'Give each parameter of a route its own name: rename l/[id]/(g)/[id] to l/[id]/(g)/[id2], or to a name that says what it holds.',
    ],
  ])('%s', async (file, message, fix) => {
    const manifest = await scan(file);
    expect(manifest).toMatchObject({ routes: [], notFound: [] });
    expect(manifest.diagnostics).toEqual([{ code: 'invalid_segment', severity: 'error', files: [file], message, fix }]);
  });
});

describe('unsupported_catch_all', () => {
  it('leaves out a catch-all API route and says how to take its parameters instead', async () => {
    const manifest = await scan('api/files/[...path].api.ts', 'api/files/[...path]/index.api.ts', 'docs/[...path].page.tsx');
    expect(routeFiles(manifest)).toEqual(['docs/[...path].page.tsx']);
    expect(manifest.diagnostics).toEqual([
      {
        code: 'unsupported_catch_all',
        severity: 'error',
        files: ['api/files/[...path]/index.api.ts'],
        message:
          'api/files/[...path]/index.api.ts is an API route with the catch-all [...path] (/api/files/*path); API routes take parameters only from [name] segments, so it is left out',
        fix: 'Use one-segment parameters (rename [...path] in api/files/[...path] to [path]), or pass the rest of the path in the query string or the body.',
      },
      {
        code: 'unsupported_catch_all',
        severity: 'error',
        files: ['api/files/[...path].api.ts'],
        message:
          'api/files/[...path].api.ts is an API route with the catch-all [...path] (/api/files/*path); API routes take parameters only from [name] segments, so it is left out',
        fix: 'Use one-segment parameters (rename [...path] in api/files/[...path].api.ts to [path]), or pass the rest of the path in the query string or the body.',
      },
    ]);
  });
});

describe('diagnostics as a whole', () => {
  it('come in file order, and every code but unreadable_entry (which needs the file system) can be produced', async () => {
    const manifest = await scan(
      'z/_oops.tsx',
      'a.page.ts',
      'm/[id].page.tsx',
      'm/[key]/x.page.tsx',
      'b/[]/c.page.tsx',
      'api/[...p].api.ts',
      'q.page.tsx',
      'q.api.ts',
    );
    expect(manifest.diagnostics.map((diagnostic) => [diagnostic.files[0], diagnostic.code])).toEqual([
      ['a.page.ts', 'unknown_convention'],
      ['api/[...p].api.ts', 'unsupported_catch_all'],
      ['b/[]/c.page.tsx', 'invalid_segment'],
      ['m/[id].page.tsx', 'dynamic_shadow'],
      ['q.api.ts', 'route_conflict'],
      ['z/_oops.tsx', 'unknown_convention'],
    ]);
    const codes = new Set(manifest.diagnostics.map((diagnostic) => diagnostic.code));
    expect(routeDiagnosticCodes.filter((code) => !codes.has(code))).toEqual(['unreadable_entry']);
  });
});
