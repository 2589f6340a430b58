/** Cards as runs: [5,6,7,12,30,31] -> "5-7 12 30-31". */
export function formatRuns(cards: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < cards.length; ) {
    let j = i;
    while (j + 1 < cards.length && cards[j + 1] === cards[j]! + 1) j++;
    parts.push(j > i ? `${cards[i]}-${cards[j]}` : `${cards[i]}`);
    i = j + 1;
  }
  return parts.join(' ') || '—';
}
