import { setFlagsFromString } from 'node:v8';

/**
 * The V8 flags of a batch run (`build`, `validate`, and `dev`, whose first pass compiles every
 * page): a process that reads every page once. V8's defaults are made for programs that run for
 * long; these are set in this process before the threads that do the work start, unless `node`
 * was given its own.
 */

/**
 * How far V8 lets a heap grow past what its last full collection kept, in per cent. Its own
 * factor goes up to 4x while a program allocates fast, as compiling pages does: a build's heaps
 * were mostly garbage at their peak. At 2x a clean build of this content peaks at about 295 MB
 * instead of 350 MB, 4 % slower, and at 10x content at 640 MB instead of 850 MB in about the
 * same time. Lower costs more as the content grows (each full collection marks the whole live
 * heap): at 1.4x the peak was 280 MB but the 10x build 10 % slower.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * The optimising compiler (TurboFan), made cheaper: no inlining, and a function is optimised
 * only after 16 times V8's default amount of work in it (`--interrupt-budget`, 67,584 by
 * default), so that only the really hot code is. It runs on V8's background threads, on the
 * cores the build's threads need: in a clean build with V8's defaults it compiled 848 functions
 * and took a quarter of all the CPU time (`perf`: 2.2 s of 8.7 s, on the platform threads).
 * Clean builds of this content (interleaved rounds): no inlining and twice the budget, 4.5 s
 * instead of 5.0 s and 5.6 s of CPU instead of 6.9 s; then, with a worker compiling pages beside
 * the pipeline's thread (which these flags made pay), 4.19 s with 16 times the budget against
 * 4.26 s with 8 times, 4.47 s with twice, 4.42 s with inlining kept, and 4.39 s with 64 times.
 * At 10x content 26.9 s against 30.5 s with V8's defaults; `validate` is as fast, with less CPU.
 */
export const OPTIMISING_COMPILER_FLAGS = ['--no-turbo-inlining', '--interrupt-budget=1081344'];

/**
 * Of `flags`, those `node` was not given itself, in its arguments or NODE_OPTIONS (`args`): a
 * flag given with another value, or negated, is the user's choice.
 */
export function flagsToSet(flags: readonly string[], args: readonly string[]): string[] {
  return flags.filter((flag) => {
    const name = flag.replace(/^--(no-)?/, '').replace(/=.*/, '');
    const pattern = new RegExp(`^--(no-)?${name.replace(/-/g, '[-_]')}(=|$)`);
    return !args.some((a) => pattern.test(a));
  });
}

const nodeArgs = () => [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];

/** Sets the growth of the heaps of this process and its worker threads (see HEAP_GROWING_PERCENT). */
export function limitHeapGrowth(): void {
  for (const flag of flagsToSet([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`], nodeArgs())) setFlagsFromString(flag);
}

/** Makes the optimising compiler cheaper for this process and its worker threads (see OPTIMISING_COMPILER_FLAGS). */
export function limitOptimisingCompiler(): void {
  for (const flag of flagsToSet(OPTIMISING_COMPILER_FLAGS, nodeArgs())) setFlagsFromString(flag);
}
