import { describe, expect, it } from 'vitest';
import { flagsToSet, OPTIMISING_COMPILER_FLAGS } from './v8-flags.ts';

describe('flagsToSet', () => {
  it('sets every flag of a batch run when node was given none of its own', () => {
    expect(flagsToSet(OPTIMISING_COMPILER_FLAGS, ['--enable-source-maps'])).toEqual(OPTIMISING_COMPILER_FLAGS);
  });

  it('keeps what the user gave node: another value, the negation, with underscores', () => {
    expect(flagsToSet(['--no-turbo-inlining', '--interrupt-budget=1081344'], ['--turbo-inlining'])).toEqual(['--interrupt-budget=1081344']);
    expect(flagsToSet(['--no-turbo-inlining', '--interrupt-budget=1081344'], ['--interrupt_budget=5000'])).toEqual(['--no-turbo-inlining']);
    expect(flagsToSet(['--heap-growing-percent=100'], ['--heap-growing-percent=50'])).toEqual([]);
  });

  it('does not take a longer flag that begins with the same name for it', () => {
    expect(flagsToSet(['--interrupt-budget=1081344'], ['--interrupt-budget-for-feedback-allocation=940'])).toEqual([
      '--interrupt-budget=1081344',
    ]);
  });
});
