/**
 * A term's postings in one field: the sections that hold it, each with the term's weight there.
 * The weight is elasticlunr's tf × length norm, √count / √(field length), kept as a step q on a
 * logarithmic scale (2^(−q/6), steps of 12 %, as search engines keep field-length norms in a byte):
 * ranking needs no per-section table, so the first search loads only the postings it asks for.
 * Pure: the generator encodes, the browser decodes.
 */
import { decodeNumbers, encodeNumbers } from './numbers-codec.ts';

const STEPS_PER_OCTAVE = 6;
const MAX_STEP = 127;

/** The step of a weight in (0, 1]. */
export function weightStep(count: number, fieldLength: number): number {
  const w = Math.sqrt(count) / Math.sqrt(Math.max(fieldLength, 1));
  return Math.min(MAX_STEP, Math.max(0, Math.round(-Math.log2(w) * STEPS_PER_OCTAVE)));
}

const WEIGHTS = Array.from({ length: MAX_STEP + 1 }, (_, q) => 2 ** (-q / STEPS_PER_OCTAVE));

export function stepWeight(step: number): number {
  return WEIGHTS[step] ?? 0;
}

/** [section, step] pairs, sorted by section. */
export type Posting = readonly [section: number, step: number];

export function encodePostings(postings: readonly Posting[]): string {
  const nums: number[] = [];
  let prev = 0;
  for (const [section, step] of postings) {
    nums.push(section - prev, step);
    prev = section;
  }
  return encodeNumbers(nums);
}

/** Decoded postings: section numbers and their weights, in section order. */
export interface DecodedPostings {
  sections: Int32Array;
  weights: Float64Array;
}

const EMPTY: DecodedPostings = { sections: new Int32Array(0), weights: new Float64Array(0) };

export function decodePostings(encoded: string): DecodedPostings {
  if (!encoded) return EMPTY;
  const nums = decodeNumbers(encoded);
  const n = nums.length >> 1;
  const sections = new Int32Array(n);
  const weights = new Float64Array(n);
  let section = 0;
  for (let i = 0; i < n; i++) {
    section += nums[2 * i]!;
    sections[i] = section;
    weights[i] = stepWeight(nums[2 * i + 1]!);
  }
  return { sections, weights };
}
