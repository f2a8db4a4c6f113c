/** Edit distance with transpositions (`mirgate` is one edit from `migrate`). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidates a mistyped word probably meant, closest first: those within a few edits (about one
 * in three letters), and those it is the start of (`db` suggests every `db:` command).
 */
export function suggestions(word: string, candidates: readonly string[]): string[] {
  const lower = word.toLowerCase();
  const limit = Math.max(1, Math.min(3, Math.floor(lower.length / 3)));
  const scored = candidates
    .map((candidate) => ({ candidate, distance: editDistance(lower, candidate.toLowerCase()) }))
    .filter(({ candidate, distance }) => distance <= limit || (lower.length >= 2 && candidate.toLowerCase().startsWith(lower)))
    .sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate));
  return scored.map(({ candidate }) => candidate);
}

/** `a`, `a or b`, `a, b or c`. */
export function orList(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** `a`, `a and b`, `a, b and c`. */
export function andList(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
