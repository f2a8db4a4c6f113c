import semver from 'semver';

/**
 * A version label as a semver version when it reads as one (`4.6.0`, `v4`, `0.28`, `9.x`), for
 * ordering and ranges; labels such as `next` or `main` have none and sort after every numbered one.
 */
export function semverOf(label: string): string | undefined {
  const exact = semver.valid(label.trim(), { loose: true });
  if (exact) return exact;
  if (!/^v?\d+(?:\.(?:\d+|x))*(?:-[\w.]+)?$/i.test(label.trim())) return undefined;
  return semver.coerce(label.trim(), { includePrerelease: true })?.version;
}

/**
 * Labels newest first: numbered versions by semver (highest first), then the others in the order
 * they were listed. The first is the version a request without `version` gets.
 */
export function sortVersionsNewestFirst(labels: readonly string[]): string[] {
  const numbered = labels.filter((label) => semverOf(label) !== undefined);
  const named = labels.filter((label) => semverOf(label) === undefined);
  numbered.sort((a, b) => semver.rcompare(semverOf(a)!, semverOf(b)!) || a.localeCompare(b));
  return [...numbered, ...named];
}

/**
 * The version `wanted` names among `labels` (newest first): the label itself (without case), else
 * the newest numbered version inside the range it reads as (`4` and `4.x` are any 4, `^4.2` and
 * `~0.27` as npm reads them), else undefined.
 */
export function pickVersion(labels: readonly string[], wanted: string): string | undefined {
  const text = wanted.trim();
  const exact = labels.find((label) => label.toLowerCase() === text.toLowerCase() || label.replace(/^v/i, '') === text.replace(/^v/i, ''));
  if (exact !== undefined) return exact;
  let range: semver.Range;
  try {
    range = new semver.Range(text, { loose: true });
  } catch {
    return undefined;
  }
  return labels.find((label) => {
    const version = semverOf(label);
    return version !== undefined && semver.satisfies(version, range, { includePrerelease: false });
  });
}
