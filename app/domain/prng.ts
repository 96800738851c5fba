/**
 * A small seeded pseudo-random number generator for the calculators' Monte
 * Carlo simulations, so every answer is reproducible from its seed. Pure: no
 * I/O, never Math.random.
 *
 * Algorithm: mulberry32 (Tommy Ettinger, 2017; public domain): a 32-bit state
 * advanced by the Weyl constant 0x6D2B79F5 and mixed by two multiply-xorshift
 * rounds. Period 2^32; passes gjrand and PractRand to 2^32 outputs, ample for
 * a few hundred million draws per answer.
 */

/**
 * A generator of uniform 32-bit unsigned integers in [0, 2^32) from a 32-bit
 * `seed` (any integer; taken modulo 2^32). Each call of the returned function
 * gives the next number. Compare with p × 2^32 for an event of probability p.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** 2^32: divide a `mulberry32` output by it for a uniform number in [0, 1). */
export const UINT32_RANGE = 4_294_967_296;

/**
 * Fills `buffer` with the next `buffer.length` outputs of the mulberry32
 * generator whose internal state is `state` (the same sequence `mulberry32`
 * gives: `fillMulberry32(buffer, seed >>> 0)` writes its first outputs), for
 * simulations that draw millions of numbers: one tight loop over a typed
 * array instead of a call per number.
 * @returns the state after the last output, to pass to the next call.
 */
export function fillMulberry32(buffer: Uint32Array, state: number): number {
  let s = state | 0;
  for (let i = 0; i < buffer.length; i++) {
    s = (s + 0x6d2b79f5) | 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    buffer[i] = t ^ (t >>> 14);
  }
  return s;
}
