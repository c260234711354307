import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import * as S from '@vitrina-docs/schemas';

/** The published JSON Schema files: file name → zod schema. */
export const JSON_SCHEMAS: Record<string, z.ZodType> = {
  'frontmatter-doc.schema.json': S.DocFrontmatterSchema,
  'frontmatter-blog.schema.json': S.BlogFrontmatterSchema,
  'site.schema.json': S.SiteConfigSchema,
  'ui-strings.schema.json': S.UiStringsSchema,
  'category.schema.json': S.CategorySchema,
  'facts.schema.json': S.FactsSchema,
  'manifest.schema.json': S.ManifestSchema,
  'manifest-chunk.schema.json': S.ManifestChunkSchema,
  'page.schema.json': S.PageDataSchema,
  'search-docs.schema.json': S.SearchDocsFileSchema,
  'search-index.schema.json': S.SearchIndexSchema,
  'search-entry.schema.json': S.SearchEntrySchema,
  'search-postings.schema.json': S.SearchPostingsChunkSchema,
  'search-sections.schema.json': S.SearchSectionGroupSchema,
  'search-result.schema.json': S.SearchResultSchema,
  'search-words.schema.json': S.SearchWordsFileSchema,
  'synonyms.schema.json': S.SynonymsFileSchema,
  'diagnostic.schema.json': S.DiagnosticSchema,
};

export function jsonSchemaText(name: string, schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
  return `${JSON.stringify({ $id: `https://docs.vitrina.example/schemas/${name}`, ...json }, null, 2)}\n`;
}

/** Writes the files that changed (or, with `check`, only lists them). Returns the stale names. */
export function writeJsonSchemas(root: string, check: boolean): string[] {
  const dir = join(root, 'schemas', 'json');
  if (!check) mkdirSync(dir, { recursive: true });
  const stale: string[] = [];
  for (const [name, schema] of Object.entries(JSON_SCHEMAS)) {
    const text = jsonSchemaText(name, schema);
    const path = join(dir, name);
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    stale.push(name);
    if (!check) writeFileSync(path, text);
  }
  return stale;
}
