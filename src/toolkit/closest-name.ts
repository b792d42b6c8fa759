/** Edit distance (Levenshtein), to suggest the name someone probably meant. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** The candidate nearest to `name` by edit distance (the first of equals), or undefined when there is none. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; score: number } | undefined;
  for (const candidate of candidates) {
    const score = distance(name, candidate);
    if (!best || score < best.score) best = { candidate, score };
  }
  return best?.candidate;
}
