/** The value below which `p` percent of `values` fall (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The middle value; with an even count, the mean of the two middle ones (not the lower, which flatters a contender). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** How much `value` exceeds `baseline`, as a signed percentage ("+4.2%"). */
export function overhead(value: number, baseline: number): string {
  const percent = (value / baseline - 1) * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

export function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(2)}×`;
}

export function ms(value: number, digits = 2): string {
  return `${value.toFixed(digits)} ms`;
}

export function us(valueMs: number): string {
  return `${(valueMs * 1000).toFixed(0)} µs`;
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
