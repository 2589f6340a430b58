/**
 * The chance that seat `me` ends with the lowest total when every seat's final score is its total
 * now minus an independent Gumbel(0, beta) draw: exactly the softmin exp(-total/beta), normalised
 * (the Gumbel law is what makes the argmin's law closed-form). beta stands for how much the rest
 * of the game can still move the totals (0: the game is decided, the lowest wins, ties share).
 */
export function softminShare(totals: ArrayLike<number>, players: number, me: number, beta: number): number {
  let low = Infinity;
  for (let p = 0; p < players; p++) if (totals[p]! < low) low = totals[p]!;
  if (!(beta > 0)) {
    if (totals[me]! !== low) return 0;
    let tied = 0;
    for (let p = 0; p < players; p++) if (totals[p] === low) tied++;
    return 1 / tied;
  }
  let sum = 0;
  for (let p = 0; p < players; p++) sum += Math.exp((low - totals[p]!) / beta);
  return Math.exp((low - totals[me]!) / beta) / sum;
}
