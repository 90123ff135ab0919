/**
 * The candidates close to a mistyped word, as commander suggests them after an unknown command:
 * an edit distance (adjacent swaps count as one) of at most 40 % of the word, the closest only.
 */
export function similar(word: string, candidates: readonly string[]): string[] {
  let best = Infinity;
  let found: string[] = [];
  for (const candidate of new Set(candidates)) {
    const distance = editDistance(word, candidate);
    if (distance > Math.max(1, Math.floor(word.length * 0.4))) continue;
    if (distance < best) [best, found] = [distance, [candidate]];
    else if (distance === best) found.push(candidate);
  }
  return found;
}

function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
