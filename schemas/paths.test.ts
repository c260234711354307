import { describe, expect, it } from 'vitest';
import { isUnder } from './paths.ts';

describe('isUnder', () => {
  it('takes the prefix itself and the paths of its folder, by whole segments', () => {
    expect(isUnder('/docs/mobile', '/docs/mobile')).toBe(true);
    expect(isUnder('/docs/mobile/ic3/visits', '/docs/mobile')).toBe(true);
    expect(isUnder('/docs/mobile-sdk', '/docs/mobile')).toBe(false);
    expect(isUnder('/docs', '/docs/mobile')).toBe(false);
  });
});
