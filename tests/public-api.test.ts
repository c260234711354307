import { describe, expect, it } from 'vitest';
import * as generator from '../generator/index.ts';
import * as schemas from '@vitrina-docs/schemas';

// The public surface of each entry point: a change here is a change for every user of the package.
describe('public API', () => {
  it('@vitrina-docs/generator', () => {
    expect(Object.keys(generator).sort()).toEqual(['compileMarkdown', 'formatDiagnostics', 'runPipeline', 'sortDiagnostics']);
  });

  it('@vitrina-docs/schemas exports a zod schema for every published shape', () => {
    const names = Object.keys(schemas)
      .filter((k) => k.endsWith('Schema'))
      .sort();
    for (const name of [
      'ManifestSchema',
      'PageDataSchema',
      'DocFrontmatterSchema',
      'BlogFrontmatterSchema',
      'SiteConfigSchema',
      'UiStringsSchema',
      'CategorySchema',
      'FactsSchema',
      'SearchEntrySchema',
      'SearchPostingsChunkSchema',
      'SearchSectionGroupSchema',
      'SearchResultSchema',
      'SearchDocsFileSchema',
      'SearchIndexSchema',
      'DiagnosticSchema',
      'HastRootSchema',
      'ApiOperationSchema',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('the package entry points resolve by name (as an embedding app imports them)', async () => {
    const names = async (spec: string) => Object.keys(await import(/* @vite-ignore */ spec)).sort();
    expect(await names('@vitrina-docs/generator')).toEqual(Object.keys(generator).sort());
    expect(await names('@vitrina-docs/renderer')).toEqual(
      expect.arrayContaining(['DocPage', 'PageBody', 'DocContent', 'EndpointLine', 'OperationTables', 'Toc', 'sanitizeHast']),
    );
    expect((await names('@vitrina-docs/schemas')).length).toBe(Object.keys(schemas).length);
    expect(await names('@vitrina-docs/schemas/paths')).toEqual(expect.arrayContaining(['withLocale', 'localeOfPath', 'canonicalPath']));
    expect(await names('@vitrina-docs/search')).toEqual(
      expect.arrayContaining(['createEngine', 'loadEngine', 'analyse', 'registerElasticlunrPipeline']),
    );
  });

  it('compileMarkdown returns exactly { body, toc, diagnostics }', async () => {
    const result = await generator.compileMarkdown('Lead.\n\n## Steps {#steps}\n\n```bash\necho ok\n```\n');
    expect(Object.keys(result).sort()).toEqual(['body', 'diagnostics', 'toc']);
    expect(result.toc).toEqual([{ depth: 2, id: 'steps', text: 'Steps' }]);
    expect(schemas.HastRootSchema.safeParse(result.body).success).toBe(true);
    expect(JSON.stringify(result.body)).not.toContain('position');
  });
});
