import { describe, expect, it } from 'vitest';
import { closestNames, didYouMean } from './suggest.ts';

describe('did you mean', () => {
  it('finds the name a typo was meant to be', () => {
    expect(closestNames('descriptio', ['title', 'description', 'keywords'])).toEqual(['description']);
    expect(closestNames('titel', ['title', 'description'])).toEqual(['title']);
    expect(closestNames('tpi', ['note', 'tip', 'info'])).toEqual(['tip']);
    expect(closestNames('Brands', ['brands', 'brands_id'])).toEqual(['brands']);
    expect(closestNames('warn', ['note', 'warning', 'danger'])).toEqual(['warning']);
    expect(
      closestNames('/docs/mobile/ic3/visits/take_fotos', ['/docs/mobile/ic3/visits/take_photos', '/docs/mobile/ic3/visits/end']),
    ).toEqual(['/docs/mobile/ic3/visits/take_photos']);
  });

  it('suggests nothing that is not close', () => {
    expect(closestNames('/docs/nowhere', ['/', '/docs', '/search', '/docs/support'])).toEqual([]);
    expect(closestNames('caution', ['note', 'tip', 'info', 'warning', 'danger', 'details'])).toEqual([]);
    expect(didYouMean('zzz', ['title'])).toBe('');
  });

  it('lists equally close names and writes them as the writer would', () => {
    expect(didYouMean('nots', ['note', 'notes2', 'nota'])).toBe(' (did you mean "nota" or "note"?)');
    expect(didYouMean('tpi', ['tip'], { show: (t) => `:::${t}` })).toBe(' (did you mean :::tip?)');
  });
});
