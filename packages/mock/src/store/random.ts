/**
 * A small seeded generator (mulberry32) for bulk picks: faker builds the word pools once, this picks from
 * them, which keeps 100,000 contacts fast while staying deterministic for a seed.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick needs at least one item');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items (fewer when the list is shorter), in list order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const wanted = Math.min(count, items.length);
    // Building a dataset samples 0 to 3 items per contact: a list scan beats a Set, and draws the same numbers.
    const chosen: number[] = [];
    if (wanted <= 8) {
      while (chosen.length < wanted) {
        const index = Math.floor(this.next() * items.length);
        if (!chosen.includes(index)) chosen.push(index);
      }
    } else {
      const seen = new Set<number>();
      while (seen.size < wanted) seen.add(Math.floor(this.next() * items.length));
      chosen.push(...seen);
    }
    return chosen.sort((a, b) => a - b).map((index) => items[index] as T);
  }

  /** A 32-bit seed for a derived generator. */
  seed(): number {
    return Math.floor(this.next() * 4294967296);
  }
}
