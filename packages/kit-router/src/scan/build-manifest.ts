import type { ManifestRoute, NotFoundBoundary, RouteDiagnostic, RouteManifest, RouteSegment } from '../manifest.js';
import { compareSegments, patternOf, shapeOf } from '../match/precedence.js';
import { comparePaths, folderOf } from '../paths.js';
import { classifyFile, type FolderFileRole } from './classify-file.js';
import {
  apiCatchAll,
  catchAllNotLast,
  diagnostic,
  dynamicShadow,
  groupFileName,
  invalidFileName,
  invalidFolder,
  notFoundConflict,
  repeatedParameter,
  routeConflict,
  sortDiagnostics,
  type RouteCandidate,
  type ShadowName,
} from './diagnostics.js';
import { parseName, type ParsedName } from './parse-segment.js';

/** What a folder's path stands for in the URL, or the folder (at or above it) whose name is no segment. */
type FolderMeaning =
  | { readonly valid: true; readonly segments: readonly RouteSegment[]; readonly sources: readonly string[] }
  | { readonly valid: false; readonly folder: string; readonly parsed: Extract<ParsedName, { type: 'invalid' }> };

type FolderFiles = Partial<Record<FolderFileRole, string>>;

/**
 * Builds the manifest from the list of files found under `root` (relative, `/`-separated). Pure: no file
 * system access, so the same list always gives a deeply equal manifest, whatever order it comes in.
 */
export function buildManifest(root: string, files: readonly string[], walkDiagnostics: readonly RouteDiagnostic[] = []): RouteManifest {
  const diagnostics: RouteDiagnostic[] = [...walkDiagnostics];
  const folders = new Map<string, FolderMeaning>();
  const folderFiles = new Map<string, FolderFiles>();
  const skippedByFolder = new Map<string, string[]>();
  const candidates: RouteCandidate[] = [];
  const notFoundFiles: string[] = [];

  const meaningOf = (folder: string): FolderMeaning => {
    const known = folders.get(folder);
    if (known) return known;
    let meaning: FolderMeaning;
    if (folder === '') meaning = { valid: true, segments: [], sources: [] };
    else {
      const parent = meaningOf(folderOf(folder));
      const parsed = parseName(folder.slice(folder.lastIndexOf('/') + 1));
      if (!parent.valid) meaning = parent;
      else if (parsed.type === 'invalid') meaning = { valid: false, folder, parsed };
      else if (parsed.type === 'group') meaning = parent;
      else meaning = { valid: true, segments: [...parent.segments, parsed.segment], sources: [...parent.sources, folder] };
    }
    folders.set(folder, meaning);
    return meaning;
  };

  for (const file of [...new Set(files)].sort(comparePaths)) {
    const kind = classifyFile(file);
    if (kind.type === 'ignored') continue;
    if (kind.type === 'unknown') {
      diagnostics.push(diagnostic('unknown_convention', [file], kind.message, kind.fix));
      continue;
    }
    const folder = folderOf(file);
    const meaning = meaningOf(folder);
    if (!meaning.valid) {
      const skipped = skippedByFolder.get(meaning.folder) ?? [];
      skipped.push(file);
      skippedByFolder.set(meaning.folder, skipped);
      continue;
    }
    if (kind.type === 'folder-file') {
      if (kind.role === 'not-found') notFoundFiles.push(file);
      else folderFiles.set(folder, { ...folderFiles.get(folder), [kind.role]: file });
      continue;
    }
    const candidate = routeCandidate(file, kind.kind, kind.base, meaning, diagnostics);
    if (candidate) candidates.push(candidate);
  }

  for (const [folder, skipped] of skippedByFolder) {
    const meaning = folders.get(folder) as Extract<FolderMeaning, { valid: false }>;
    diagnostics.push(invalidFolder(folder, meaning.parsed, skipped));
  }

  const kept = withoutConflicts(candidates, diagnostics);
  diagnostics.push(...shadowDiagnostics(kept));
  // A folder's chain is its parent's plus its own file, so each is built once from the one above it.
  // Routes of one folder share the (read-only) arrays.
  const chains: Record<FolderFileRole, Map<string, readonly string[]>> = {
    layout: new Map(),
    middleware: new Map(),
    loading: new Map(),
    error: new Map(),
    'not-found': new Map(),
  };
  const chain = (folder: string, role: FolderFileRole): readonly string[] => {
    const known = chains[role].get(folder);
    if (known) return known;
    const above = folder === '' ? [] : chain(folderOf(folder), role);
    const own = folderFiles.get(folder)?.[role];
    const built = own === undefined ? above : [...above, own];
    chains[role].set(folder, built);
    return built;
  };
  const nearest = (folder: string, role: 'loading' | 'error'): string | null => chain(folder, role).at(-1) ?? null;

  const routes = kept
    .map((candidate): ManifestRoute => {
      const folder = folderOf(candidate.file);
      const page = candidate.kind === 'page';
      return {
        file: candidate.file,
        kind: candidate.kind,
        pattern: patternOf(candidate.segments),
        segments: candidate.segments,
        params: candidate.segments.filter((segment) => segment.type !== 'static').map((segment) => segment.value),
        layouts: page ? chain(folder, 'layout') : [],
        middleware: chain(folder, 'middleware'),
        loading: page ? nearest(folder, 'loading') : null,
        error: page ? nearest(folder, 'error') : null,
      };
    })
    .sort((a, b) => compareSegments(a.segments, b.segments) || comparePaths(a.file, b.file));

  const notFound = notFoundBoundaries(notFoundFiles, folders, diagnostics).map(({ file, segments }): NotFoundBoundary => ({
    file,
    prefix: patternOf(segments),
    layouts: chain(folderOf(file), 'layout'),
    middleware: chain(folderOf(file), 'middleware'),
  }));

  return { root, routes, notFound, diagnostics: sortDiagnostics(diagnostics) };
}

function routeCandidate(
  file: string,
  kind: RouteCandidate['kind'],
  base: string,
  folder: Extract<FolderMeaning, { valid: true }>,
  diagnostics: RouteDiagnostic[],
): RouteCandidate | null {
  const suffix = kind === 'page' ? '.page.tsx' : '.api.ts';
  const segments = [...folder.segments];
  const sources = [...folder.sources];
  if (base !== 'index') {
    const parsed = parseName(base);
    if (parsed.type === 'invalid') {
      diagnostics.push(invalidFileName(file, base, suffix, parsed));
      return null;
    }
    if (parsed.type === 'group') {
      diagnostics.push(groupFileName(file, base, suffix));
      return null;
    }
    segments.push(parsed.segment);
    sources.push(file);
  }
  const problem = segmentProblem(file, segments, sources);
  if (problem) {
    diagnostics.push(problem);
    return null;
  }
  const catchAll = segments.findIndex((segment) => segment.type === 'catch-all');
  if (kind === 'api' && catchAll >= 0) {
    diagnostics.push(apiCatchAll(file, segments, sources, catchAll));
    return null;
  }
  return { file, kind, segments, sources };
}

/** A catch-all before the end, or a parameter named twice, along a route or a not-found prefix. */
function segmentProblem(file: string, segments: readonly RouteSegment[], sources: readonly string[]): RouteDiagnostic | null {
  const catchAll = segments.findIndex((segment) => segment.type === 'catch-all');
  if (catchAll >= 0 && catchAll < segments.length - 1) return catchAllNotLast(file, segments, sources, catchAll);
  const seen = new Set<string>();
  for (const [position, segment] of segments.entries()) {
    if (segment.type === 'static') continue;
    if (seen.has(segment.value)) return repeatedParameter(file, segments, sources, position);
    seen.add(segment.value);
  }
  return null;
}

/** Keeps the first route (in file order) of each URL shape and reports the others. */
function withoutConflicts(candidates: readonly RouteCandidate[], diagnostics: RouteDiagnostic[]): RouteCandidate[] {
  const byShape = new Map<string, RouteCandidate[]>();
  for (const candidate of candidates) {
    const shape = shapeOf(candidate.segments);
    byShape.set(shape, [...(byShape.get(shape) ?? []), candidate]);
  }
  const kept: RouteCandidate[] = [];
  for (const group of byShape.values()) {
    kept.push(group[0] as RouteCandidate);
    if (group.length > 1) diagnostics.push(routeConflict(group));
  }
  return kept;
}

/** Dynamic segments at the same place (same shape before them) that carry different names. */
function shadowDiagnostics(routes: readonly RouteCandidate[]): RouteDiagnostic[] {
  const byPlace = new Map<string, Map<string, { sources: Set<string>; pattern: string }>>();
  for (const route of routes) {
    route.segments.forEach((segment, position) => {
      if (segment.type !== 'dynamic') return;
      const place = shapeOf(route.segments.slice(0, position));
      const names = byPlace.get(place) ?? new Map<string, { sources: Set<string>; pattern: string }>();
      const entry = names.get(segment.value) ?? { sources: new Set<string>(), pattern: patternOf(route.segments.slice(0, position + 1)) };
      entry.sources.add(route.sources[position] as string);
      names.set(segment.value, entry);
      byPlace.set(place, names);
    });
  }
  const found: RouteDiagnostic[] = [];
  for (const names of byPlace.values()) {
    if (names.size < 2) continue;
    const entries: ShadowName[] = [...names].map(([name, entry]) => ({
      name,
      sources: [...entry.sources].sort(comparePaths),
      pattern: entry.pattern,
    }));
    entries.sort((a, b) => comparePaths(a.sources[0] as string, b.sources[0] as string));
    found.push(dynamicShadow(entries));
  }
  return found;
}

function notFoundBoundaries(
  files: readonly string[],
  folders: ReadonlyMap<string, FolderMeaning>,
  diagnostics: RouteDiagnostic[],
): { file: string; segments: readonly RouteSegment[] }[] {
  const byShape = new Map<string, { file: string; segments: readonly RouteSegment[] }[]>();
  for (const file of files) {
    const meaning = folders.get(folderOf(file)) as Extract<FolderMeaning, { valid: true }>;
    const problem = segmentProblem(file, meaning.segments, meaning.sources);
    if (problem) {
      diagnostics.push(problem);
      continue;
    }
    const shape = shapeOf(meaning.segments);
    byShape.set(shape, [...(byShape.get(shape) ?? []), { file, segments: meaning.segments }]);
  }
  const kept: { file: string; segments: readonly RouteSegment[] }[] = [];
  for (const group of byShape.values()) {
    const first = group[0] as { file: string; segments: readonly RouteSegment[] };
    kept.push(first);
    if (group.length > 1)
      diagnostics.push(
        notFoundConflict(
          group.map((entry) => entry.file),
          patternOf(first.segments),
        ),
      );
  }
  return kept.sort(
    (a, b) => b.segments.length - a.segments.length || compareSegments(a.segments, b.segments) || comparePaths(a.file, b.file),
  );
}
