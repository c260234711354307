import type { Facts, LocaleCode } from '@vitrina-docs/schemas';
import { factText } from '../markdown/remark-facts.ts';
import { blankFrontmatter } from '../markdown/processor.ts';

/**
 * A page's markdown as published at `<route>.md` (and in llms-full.txt): the title as h1, the
 * description as a quote, the body with facts filled in and `{#id}` markers removed.
 */
export function publishedMarkdown(title: string, description: string, source: string, facts: Facts, locale: LocaleCode): string {
  const body = blankFrontmatter(source)
    .replace(/^\n+/, '')
    .replace(/:fact\[([a-z0-9_]+)\]/g, (m, key: string) => (facts[key] === undefined ? m : factText(facts[key]!, locale)))
    .replace(/^(#{2,6} .*?)\s*\{#[\w.-]+\}\s*$/gm, '$1');
  return `# ${title}\n\n> ${description}\n\n${body.trimEnd()}\n`;
}
