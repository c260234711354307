import type { Root, PhrasingContent } from 'mdast';
import type { TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { Plugin } from 'unified';
import { walkType } from './walk-mdast.ts';
import type { Facts, LocaleCode } from '@vitrina-docs/schemas';
import { didYouMean } from '../suggest.ts';
import { report } from './report.ts';

export interface FactsOptions {
  facts?: Facts;
  locale?: LocaleCode;
}

/** Text value of a fact in a locale. */
export function factText(value: Facts[string], locale: LocaleCode): string {
  if (typeof value === 'object') return value[locale];
  return String(value);
}

/** `:fact[support_email]` → the value from content/facts.yaml (a link for URLs and e-mail addresses). */
export const remarkFacts: Plugin<[FactsOptions?], Root> =
  (options = {}) =>
  (tree, file) => {
    const facts = options.facts ?? {};
    const locale = options.locale ?? 'ru';
    walkType(tree, 'textDirective', (node: TextDirective, index, parent) => {
      if (node.name !== 'fact' || !parent || index === undefined) return;
      const key = toString(node).trim();
      // Own keys only: `constructor` or `toString` is not a fact.
      const value = Object.hasOwn(facts, key) ? facts[key] : undefined;
      if (value === undefined) {
        const hint = didYouMean(key, Object.keys(facts));
        report(
          file,
          node,
          'unknown-fact',
          hint
            ? `unknown fact "${key}"${hint}: fix the key, or add it to content/facts.yaml`
            : `unknown fact "${key}": add it to content/facts.yaml or fix the key`,
        );
        node.data = { hName: 'span' };
        return;
      }
      const text = factText(value, locale);
      let replacement: PhrasingContent = { type: 'text', value: text };
      if (/^https:\/\/\S+$/.test(text)) {
        replacement = { type: 'link', url: text, children: [{ type: 'text', value: text }] };
      } else if (/^[^@\s]+@[^@\s]+\.[a-z]+$/.test(text)) {
        replacement = { type: 'link', url: `mailto:${text}`, children: [{ type: 'text', value: text }] };
      }
      (replacement as { position?: unknown }).position = node.position;
      parent.children.splice(index, 1, replacement);
      return index + 1;
    });
  };
