import type { Facts, LocaleCode } from '@vitrina-docs/schemas';
import { factText } from '../markdown/remark-facts.ts';
import { blankFrontmatter } from '../markdown/processor.ts';

/**
 * A page's markdown as published at `<route>.md` (and in llms-full.txt): the title as h1, the
 * description as a quote, the body with facts filled in and `{#id}` markers removed; an API method
 * page's operation (`operation`, markdown) goes after the lead, before the first section, where
 * the page draws it.
 */
export function publishedMarkdown(
  title: string,
  description: string,
  source: string,
  facts: Facts,
  locale: LocaleCode,
  operation?: string,
): string {
  let body = blankFrontmatter(source)
    .replace(/^\n+/, '')
    .replace(/:fact\[([a-z0-9_]+)\]/g, (m, key: string) => (facts[key] === undefined ? m : factText(facts[key]!, locale)))
    .replace(/^(#{2,6} .*?)[ \t]*\{#[\w.-]+\}[ \t]*$/gm, '$1');
  if (operation) {
    const section = operation.replace(/^(#{2,6} .*?)[ \t]*\{#[\w.-]+\}[ \t]*$/gm, '$1').trimEnd();
    const at = body.search(/^## /m);
    body = at < 0 ? `${body.trimEnd()}\n\n${section}\n` : `${body.slice(0, at)}${section}\n\n${body.slice(at)}`;
  }
  return `# ${title}\n\n> ${description}\n\n${body.trimEnd()}\n`;
}
