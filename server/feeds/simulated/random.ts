/**
 * Deterministic randomness for the simulated source: every number is a pure function of its key
 * (seed, symbol, day…), so any candle can be rebuilt on its own, in any order, on any machine.
 */

/** FNV-1a over the key's text, then a murmur finaliser: a well-mixed 32-bit seed. */
export function hashKey(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join('\u0000');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for price noise. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** Standard normal by Box–Muller (one value per call; simplicity over speed). */
  const normal = () => {
    const u = Math.max(uniform(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
  };
  return { uniform, normal };
}

/** A uniform number in [0, 1) for one key, without keeping a generator. */
export const unitFor = (...parts: (string | number)[]) => hashKey(...parts) / 4294967296;
