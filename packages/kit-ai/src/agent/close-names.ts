/** Edit distance (insertions, deletions, substitutions), used to suggest a tool the model meant. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Names close to `wanted`: those containing it or contained in it (case-insensitive), or within an
 * edit distance of a third of its length (at least 2). Closest first, at most `limit`.
 */
export function closeNames(wanted: string, names: readonly string[], limit = 3): string[] {
  const target = wanted.toLowerCase();
  const threshold = Math.max(2, Math.floor(target.length / 3));
  return names
    .map((name) => {
      const lower = name.toLowerCase();
      const contains = target.length >= 3 && (lower.includes(target) || target.includes(lower));
      return { name, distance: contains ? 0.5 : editDistance(target, lower) };
    })
    .filter((entry) => entry.distance <= threshold)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.name);
}
