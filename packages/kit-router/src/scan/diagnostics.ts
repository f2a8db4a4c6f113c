import type { RouteDiagnostic, RouteDiagnosticCode, RouteKind, RouteSegment } from '../manifest.js';
import { routeDiagnosticCodes } from '../manifest.js';
import { comparePaths, folderOf, joinPath, listInProse } from '../paths.js';
import { patternOf, shapeOf } from '../match/precedence.js';
import type { ParsedName } from './parse-segment.js';

/**
 * The diagnostics `scanRoutes` reports, one builder per situation, so every message has the same
 * form: the files named first, what is wrong, what happens to them; and a fix that says what to rename
 * or move and to what.
 */

type InvalidName = Extract<ParsedName, { type: 'invalid' }>;

/** A route file as the conflict and shadow checks see it. */
export interface RouteCandidate {
  readonly file: string;
  readonly kind: RouteKind;
  readonly segments: readonly RouteSegment[];
  /** For each segment, the folder or file whose name declares it. */
  readonly sources: readonly string[];
}

export function diagnostic(code: RouteDiagnosticCode, files: readonly string[], message: string, fix: string): RouteDiagnostic {
  return { code, severity: code === 'dynamic_shadow' ? 'warning' : 'error', files, message, fix };
}

/** Diagnostics in file order: by their first file, then code, then message. */
export function sortDiagnostics(diagnostics: readonly RouteDiagnostic[]): RouteDiagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      comparePaths(a.files[0] ?? '', b.files[0] ?? '') ||
      routeDiagnosticCodes.indexOf(a.code) - routeDiagnosticCodes.indexOf(b.code) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}

function leftOut(files: readonly string[]): string {
  return `${listInProse(files)} ${files.length === 1 ? 'is' : 'are'} left out`;
}

export function invalidFolder(folder: string, parsed: InvalidName, files: readonly string[]): RouteDiagnostic {
  const rename =
    parsed.suggestion === null
      ? `Rename the folder ${folder}: ${parsed.fix}.`
      : `Rename the folder ${folder} to ${joinPath(folderOf(folder), parsed.suggestion)} (${parsed.fix}).`;
  return diagnostic(
    'invalid_segment',
    files,
    `The folder ${folder} is not a valid URL segment: ${parsed.reason}; ${leftOut(files)}`,
    rename,
  );
}

export function invalidFileName(file: string, base: string, suffix: string, parsed: InvalidName): RouteDiagnostic {
  const rename =
    parsed.suggestion === null
      ? `Rename it: ${parsed.fix}.`
      : `Rename it to ${joinPath(folderOf(file), `${parsed.suggestion}${suffix}`)} (${parsed.fix}).`;
  if (parsed.unbalanced)
    return diagnostic('unknown_convention', [file], `${file} looks like a route file but ${parsed.reason}; it is ignored`, rename);
  return diagnostic(
    'invalid_segment',
    [file],
    `${file} is not a valid route file name: "${base}" is no URL segment, as ${parsed.reason}; it is left out`,
    rename,
  );
}

export function groupFileName(file: string, base: string, suffix: string): RouteDiagnostic {
  return diagnostic(
    'invalid_segment',
    [file],
    `${file} is named like a route group, but groups are folders and add nothing to the URL; it is left out`,
    `Move it to ${joinPath(joinPath(folderOf(file), base), `index${suffix}`)}, or give it a plain name.`,
  );
}

export function catchAllNotLast(
  file: string,
  segments: readonly RouteSegment[],
  sources: readonly string[],
  position: number,
): RouteDiagnostic {
  const name = (segments[position] as RouteSegment).value;
  const source = sources[position] as string;
  return diagnostic(
    'invalid_segment',
    [file],
    `${file} puts more segments after the catch-all [...${name}] (${patternOf(segments)}); a catch-all must be the last segment, so it is left out`,
    `Use a one-segment [${name}] instead of [...${name}] in ${source}, or move ${file} so that nothing follows the catch-all.`,
  );
}

export function repeatedParameter(
  file: string,
  segments: readonly RouteSegment[],
  sources: readonly string[],
  position: number,
): RouteDiagnostic {
  const segment = segments[position] as RouteSegment;
  const source = sources[position] as string;
  const spelled = segment.type === 'catch-all' ? `[...${segment.value}]` : `[${segment.value}]`;
  const renamed = renamedSource(source, spelled, segment.type === 'catch-all' ? `[...${segment.value}2]` : `[${segment.value}2]`);
  return diagnostic(
    'invalid_segment',
    [file],
    `${file} names the parameter "${segment.value}" twice (${patternOf(segments)}), so one value would hide the other; it is left out`,
    `Give each parameter of a route its own name: rename ${source} to ${renamed}, or to a name that says what it holds.`,
  );
}

export function apiCatchAll(
  file: string,
  segments: readonly RouteSegment[],
  sources: readonly string[],
  position: number,
): RouteDiagnostic {
  const name = (segments[position] as RouteSegment).value;
  const source = sources[position] as string;
  return diagnostic(
    'unsupported_catch_all',
    [file],
    `${file} is an API route with the catch-all [...${name}] (${patternOf(segments)}); API routes take parameters only from [name] segments, so it is left out`,
    `Use one-segment parameters (rename [...${name}] in ${source} to [${name}]), or pass the rest of the path in the query string or the body.`,
  );
}

export function routeConflict(routes: readonly RouteCandidate[]): RouteDiagnostic {
  const files = routes.map((route) => route.file);
  const [kept, ...others] = files as [string, ...string[]];
  const patterns = new Set(routes.map((route) => patternOf(route.segments)));
  const shown = patterns.size === 1 ? patternOf((routes[0] as RouteCandidate).segments) : shapeOf((routes[0] as RouteCandidate).segments);
  const kinds = new Set(routes.map((route) => route.kind));
  const hints: string[] = [];
  if (kinds.size > 1) hints.push('A page and an API route cannot share a URL: put API routes in a folder of their own, such as api/.');
  if (files.some((file) => /(^|\/)\([^/]*\)\//.test(file))) hints.push('Route groups such as (name) add nothing to the URL.');
  return diagnostic(
    'route_conflict',
    files,
    `${listInProse(files)} ${files.length === 2 ? 'both' : 'all'} serve ${shown}; only ${kept} is used and ${leftOut(others)}`,
    [`Keep one file per URL: move, rename or delete ${listInProse(others)}.`, ...hints].join(' '),
  );
}

export function notFoundConflict(files: readonly string[], prefix: string): RouteDiagnostic {
  const [kept, ...others] = files as [string, ...string[]];
  return diagnostic(
    'route_conflict',
    files,
    `${listInProse(files)} are ${files.length === 2 ? 'both' : 'all'} the not-found page of ${prefix}; only ${kept} is used and ${leftOut(others)}`,
    `Keep one not-found.tsx per URL prefix: delete ${listInProse(others)}, or move it into a folder with a prefix of its own (route groups such as (name) add nothing to the URL).`,
  );
}

/** One name of a shadowed dynamic segment and the folders or files that declare it. */
export interface ShadowName {
  readonly name: string;
  readonly sources: readonly string[];
  /** The pattern up to and including the segment, as one of these sources spells it. */
  readonly pattern: string;
}

export function dynamicShadow(names: readonly ShadowName[]): RouteDiagnostic {
  const sources = names.flatMap((entry) => entry.sources).sort(comparePaths);
  // The name most sources use stays; the others are renamed to it.
  const keep = [...names].sort((a, b) => b.sources.length - a.sources.length)[0] as ShadowName;
  const renames = names
    .filter((entry) => entry !== keep)
    .flatMap((entry) => entry.sources.map((source) => `${source} to ${renamedSource(source, `[${entry.name}]`, `[${keep.name}]`)}`));
  return diagnostic(
    'dynamic_shadow',
    sources,
    `${listInProse(sources)} name the same URL segment differently (${names.map((entry) => entry.pattern).join(', ')}), so which parameter a URL fills depends on the route it reaches`,
    `Use one name for the segment: rename ${listInProse(renames)}.`,
  );
}

/** `source` with `from` replaced by `to` in its last name only (the folder or file that declares the segment). */
function renamedSource(source: string, from: string, to: string): string {
  const slash = source.lastIndexOf('/');
  return source.slice(0, slash + 1) + source.slice(slash + 1).replace(from, to);
}
