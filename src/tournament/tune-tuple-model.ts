/** NTBEA's model: mean gain per level of each parameter (1-tuples) and per whole setting (the N-tuple). */
export class TupleModel {
  private readonly tuples = new Map<string, { n: number; sum: number }>();
  private total = 0;

  private keys(at: number[]): string[] {
    return [...at.map((l, i) => `${i}:${l}`), `all:${at.join(',')}`];
  }

  add(at: number[], value: number): void {
    this.total++;
    for (const key of this.keys(at)) {
      const t = this.tuples.get(key) ?? { n: 0, sum: 0 };
      t.n++;
      t.sum += value;
      this.tuples.set(key, t);
    }
  }

  /** The mean over its tuples of each one's mean plus an exploration bonus (unseen tuples: the bonus alone). */
  ucb(at: number[], k = 2): number {
    const keys = this.keys(at);
    let sum = 0;
    for (const key of keys) {
      const t = this.tuples.get(key);
      const mean = t ? t.sum / t.n : 0;
      sum += mean + k * Math.sqrt(Math.log(this.total + 1) / ((t?.n ?? 0) + 1e-6));
    }
    return sum / keys.length;
  }

  /** The mean gain of level l of parameter i over the evaluations that played it. */
  level(i: number, l: number): { n: number; meanGain: number | null } {
    const t = this.tuples.get(`${i}:${l}`);
    return { n: t?.n ?? 0, meanGain: t ? t.sum / t.n : null };
  }

  /** The evaluated setting whose tuples' means are highest (no exploration). */
  best(): { levels: number[]; value: number } | undefined {
    let out: { levels: number[]; value: number } | undefined;
    for (const [key, t] of this.tuples) {
      if (!key.startsWith('all:')) continue;
      const levels = key.slice(4).split(',').map(Number);
      const keys = this.keys(levels);
      const value = keys.reduce((s, k2) => s + this.tuples.get(k2)!.sum / this.tuples.get(k2)!.n, 0) / keys.length;
      if (t.n < 1) continue;
      if (!out || value > out.value) out = { levels, value };
    }
    return out;
  }
}
