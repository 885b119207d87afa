/** Tiny `--key value` / `--flag` parser for the scripts. */
export function parseArgs(argv = process.argv.slice(2)): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const key = a.slice(2);
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) { out[key] = next; i++; } else out[key] = true;
  }
  return out;
}

export function stats(xs: number[]): { mean: number; min: number; max: number; p50: number; p99: number } {
  if (xs.length === 0) return { mean: NaN, min: NaN, max: NaN, p50: NaN, p99: NaN };
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { mean: s.reduce((a, b) => a + b, 0) / s.length, min: s[0]!, max: s[s.length - 1]!, p50: q(0.5), p99: q(0.99) };
}
