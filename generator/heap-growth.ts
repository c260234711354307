import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets a heap grow past what its last full collection kept, in per cent. Its own
 * factor goes up to 4x while a program allocates fast, as compiling pages does: a build's heaps
 * were mostly garbage at their peak. At 2x a clean build of this content peaks at about 295 MB
 * instead of 350 MB, 4 % slower, and at 10x content at 640 MB instead of 850 MB in about the
 * same time. Lower costs more as the content grows (each full collection marks the whole live
 * heap): at 1.4x the peak was 280 MB but the 10x build 10 % slower.
 */
export const HEAP_GROWING_PERCENT = 100;

/** Sets the growth of the heaps of this process and its worker threads, unless Node was given its own. */
export function limitHeapGrowth(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) =>
    /^--heap[-_]growing[-_]percent\b/.test(a),
  );
  if (!given) setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
