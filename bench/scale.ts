/**
 * A synthetic corpus at N× the real one, made in a temporary folder: each sidebar folder of
 * content/docs is cloned N-1 times one level down (`docs/mobile/x2/…`: the top-level folders are
 * the sidebars and cannot be renamed), with its category files, and the new routes are appended to
 * content/routes.tsv so that the inventory check passes. Pages link by absolute routes, which keep
 * pointing at the originals (they exist); relative `.md` links stay inside the clone.
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isUnder } from '@vitrina-docs/schemas/paths';

export interface ScaledCorpus {
  factor: number;
  pages: number;
  routes: number;
}

/** Clones the docs of `<root>/content` in place to reach `factor`× its pages. */
export function scaleCorpus(root: string, factor: number): ScaledCorpus {
  const content = join(root, 'content');
  const docs = join(content, 'docs');
  const tsvPath = join(content, 'routes.tsv');
  const tsv = existsSync(tsvPath) ? readFileSync(tsvPath, 'utf8').split('\n') : [];
  const sidebars = readdirSync(docs).filter((d) => statSync(join(docs, d)).isDirectory());
  const added: string[] = [];
  for (const sidebar of sidebars) {
    const from = join(docs, sidebar);
    const entries = readdirSync(from);
    for (let k = 2; k <= factor; k++) {
      const name = `x${k}`;
      const to = join(from, name);
      for (const entry of entries) cpSync(join(from, entry), join(to, entry), { recursive: true });
      // The clone's own category file: the sidebar's, with the copy's number in its label.
      const category = join(to, '_category.yaml');
      if (existsSync(category)) {
        writeFileSync(
          category,
          readFileSync(category, 'utf8').replace(
            /^(\s+(?:ru|en):\s*)(.+)$/gm,
            (_, head: string, label: string) => `${head}${label.replace(/^(['"]?)(.*?)\1$/, `$1$2 ×${k}$1`)}`,
          ),
        );
      }
      const prefix = `/docs/${sidebar}`;
      for (const line of tsv) {
        const route = line.split('\t')[0] ?? '';
        if (isUnder(route, prefix)) added.push(`${prefix}/${name}${route.slice(prefix.length)}${line.slice(route.length)}`);
      }
    }
  }
  if (tsv.length) writeFileSync(tsvPath, `${tsv.join('\n').replace(/\n*$/, '\n')}${added.join('\n')}\n`);
  const pages = readdirSync(content, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).length;
  return { factor, pages, routes: tsv.filter((l) => l && !l.startsWith('#')).length + added.length };
}
