/**
 * Seeded random numbers whose whole state is four 32-bit integers (sfc32), so it lives inside the game
 * state and serialises as JSON. Functions mutate the array they are given: call them only on a draft.
 */
export type RngState = [number, number, number, number];

/** Hashes a seed string into a generator state (cyrb128), then warms the generator up. */
export function seedRng(seed: string): RngState {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const r: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  for (let i = 0; i < 12; i++) nextU32(r);
  return r;
}

export function nextU32(r: RngState): number {
  const t = (((r[0] + r[1]) >>> 0) + r[3]) >>> 0;
  r[3] = (r[3] + 1) >>> 0;
  r[0] = r[1] ^ (r[1] >>> 9);
  r[1] = (r[2] + (r[2] << 3)) >>> 0;
  r[2] = ((r[2] << 21) | (r[2] >>> 11)) >>> 0;
  r[2] = (r[2] + t) >>> 0;
  return t;
}

/** A uniform integer in [0, n). */
export function randInt(r: RngState, n: number): number {
  if (!Number.isInteger(n) || n <= 0) throw new Error(`randInt: bad bound ${n}`);
  // Rejection sampling keeps it unbiased.
  const limit = Math.floor(0x100000000 / n) * n;
  let x = nextU32(r);
  while (x >= limit) x = nextU32(r);
  return x % n;
}

/** A die with `sides` faces: 1..sides. */
export function rollDie(r: RngState, sides = 6): number {
  return randInt(r, sides) + 1;
}

/** A fair coin. */
export function coin(r: RngState): boolean {
  return randInt(r, 2) === 1;
}

/** Shuffles `arr` in place (Fisher–Yates) and returns it. */
export function shuffle<T>(r: RngState, arr: T[]): T[] {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = randInt(r, i + 1);
    const tmp = arr[i]!;
    arr[i] = arr[j]!;
    arr[j] = tmp;
  }
  return arr;
}

export function pick<T>(r: RngState, arr: readonly T[]): T {
  if (arr.length === 0) throw new Error('pick: empty array');
  return arr[randInt(r, arr.length)]!;
}
