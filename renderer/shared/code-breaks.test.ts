import { describe, expect, it } from 'vitest';
import { codeBreaks } from './code-breaks.ts';

describe('codeBreaks', () => {
  it('never splits a short token', () => {
    for (const token of [
      'draft',
      'not_found',
      'store_closed',
      'visits_kpivalue',
      'sku_id',
      'v1.5',
      'is_active: false',
      '2022-03-15 14:20',
      'validation_error',
      'not_authenticated',
      'price_tags[].sku_id',
      'https://status.vitrina.example',
      '?page=2&page_size=100',
    ]) {
      expect(codeBreaks(token), token).toEqual([token]);
    }
  });

  it('splits a name longer than a phone line after _ and a path or URL after / . ? & =, keeping pieces of three characters or more', () => {
    expect(codeBreaks('visit_photo_quality_defect_threshold')).toEqual(['visit_', 'photo_', 'quality_', 'defect_', 'threshold']);
    expect(codeBreaks('price_tags[].recognised_price_value')).toEqual(['price_tags[].', 'recognised_', 'price_', 'value']);
    expect(codeBreaks('/catalog/sku/{id}/planogram_positions')).toEqual(['/catalog/', 'sku/', '{id}/', 'planogram_', 'positions']);
    expect(codeBreaks('https://api.vitrina.example/api/v1.5')).toEqual(['https://', 'api.', 'vitrina.', 'example/', 'api/', 'v1.5']);
    expect(codeBreaks('/visits/?page=2&page_size=100&status=done')).toEqual([
      '/visits/?',
      'page=',
      '2&page_size=',
      '100&',
      'status=',
      'done',
    ]);
  });

  it('splits a name still too long for a phone line after ( : , and between the words of camelCase', () => {
    expect(codeBreaks('handleEventsForBackgroundURLSession')).toEqual(['handle', 'Events', 'For', 'Background', 'URLSession']);
    expect(codeBreaks('Vitrina.shared.syncMasterData(progress:completion:)')).toEqual([
      'Vitrina.',
      'shared.',
      'syncMasterData(',
      'progress:',
      'completion:)',
    ]);
  });

  it('keeps every character: the pieces join into the text', () => {
    for (const text of [
      'Authorization: Token $VITRINA_API_KEY',
      'a_b_c_d_e_f_g_h_i_j',
      'GET /api/v1.5/visits/?status=done&page_size=100',
      ' x ',
      '',
    ]) {
      expect(codeBreaks(text).join('')).toBe(text);
    }
  });
});
