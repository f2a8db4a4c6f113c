/**
 * Up to `max` candidates that look like `value`, best first: for "did you mean" in 404s.
 *
 * Similarity is the Dice coefficient of character bigrams of the normalised strings,
 * 2·|A∩B| / (|A|+|B|), which tolerates transpositions and missing letters (`databse`) and
 * needs no tuning per length; a candidate that contains the value, or is contained by it, counts as
 * similar too. Candidates under 0.5 are not suggested.
 */
export function suggest(value: string, candidates: readonly string[], max = 3): string[] {
  const wanted = normalise(value);
  if (wanted === '') return [];
  const scored = candidates
    .map((candidate, position) => {
      const have = normalise(candidate);
      const contains = have.length > 0 && (have.includes(wanted) || wanted.includes(have)) ? 0.75 : 0;
      return { candidate, position, score: Math.max(dice(wanted, have), contains) };
    })
    .filter((entry) => entry.score >= 0.5)
    .sort((a, b) => b.score - a.score || a.position - b.position);
  return [...new Set(scored.map((entry) => entry.candidate))].slice(0, max);
}

/** Lower case, letters and digits only: `File-Based Routing` and `file based routing` are equal. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function dice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const pairs = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const pair = a.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const pair = b.slice(i, i + 2);
    const count = pairs.get(pair) ?? 0;
    if (count > 0) {
      shared++;
      pairs.set(pair, count - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}
