import { LOCALES } from '@vitrina-docs/schemas';
import { PAGE_TYPES, pageTemplate, type TemplateInput } from './templates.ts';

/** Text compared without case, `ё`, runs of whitespace or the punctuation around it. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.,:;!?«»"()—–-]+|[\s.,:;!?«»"()—–-]+$/g, '');
}

/** Two inputs that differ in everything a writer or an OpenAPI operation gives a template. */
const INPUTS: TemplateInput[] = [
  {
    title: { ru: 'Первый заголовок', en: 'First title' },
    next: { path: '/docs/one', label: { ru: 'Страница один', en: 'Page one' } },
    api: {
      operation: 'first_op',
      curl: { ru: 'curl https://one', en: 'curl https://one' },
      response: {
        ru: { lang: 'json', text: '{"one": 1}', title: '200 OK', status: '200' },
        en: { lang: 'json', text: '{"one": 1}', title: '200 OK', status: '200' },
      },
    },
  },
  {
    title: { ru: 'Другой заголовок', en: 'Other title' },
    next: { path: '/docs/two', label: { ru: 'Страница два', en: 'Page two' } },
    api: {
      operation: 'second_op',
      curl: { ru: 'curl https://two', en: 'curl https://two' },
      response: {
        ru: { lang: 'json', text: '{"two": 2}', title: '201 Created', status: '201' },
        en: { lang: 'json', text: '{"two": 2}', title: '201 Created', status: '201' },
      },
    },
  },
];

/** A fragment shorter than this many words could be a writer's own ("Приложение IC3."). */
const MIN_WORDS = 3;

/** The instruction sentences of one template source: description, prose lines and code lines; no headings, tables or block markers. */
function sentencesOf(source: string): Map<string, string> {
  const out = new Map<string, string>();
  const [, fm = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
  const description = /^description: (.*)$/m.exec(fm)?.[1]?.replace(/^(["'])(.*)\1$/, '$2');
  const lines = description ? [description] : [];
  for (const line of body.split('\n')) {
    if (/^(#|\||:::|```)/.test(line) || !line.trim()) continue;
    lines.push(
      line
        .replace(/^\s*(?:[-*]|\d+\.)\s+/, '')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[*`]/g, ''),
    );
  }
  for (const line of lines) {
    for (const sentence of line.split(/(?<=[.!?:;])\s+/)) {
      const n = normaliseText(sentence);
      if (n.split(' ').length >= MIN_WORDS && !out.has(n)) out.set(n, sentence.trim());
    }
  }
  return out;
}

let fragments: string[] | null = null;
/** Normalised fragment → the sentence as the template writes it. */
const written = new Map<string, string>();

/**
 * Every sentence that `vitrina-docs new` writes for the writer to replace, in both locales and
 * every page type: the sentences its templates write whatever the input (the title, the
 * closing link and the API examples vary, so they are not among them), normalised.
 */
export function templateFragments(): readonly string[] {
  if (fragments) return fragments;
  const found = new Set<string>();
  for (const type of PAGE_TYPES) {
    const [a, b] = INPUTS.map((input) => pageTemplate(type, input));
    for (const locale of LOCALES) {
      const other = sentencesOf(b![locale]);
      for (const [s, text] of sentencesOf(a![locale])) {
        if (!other.has(s)) continue;
        found.add(s);
        written.set(s, text);
      }
    }
  }
  // Longest first: a report quotes the most of what survived.
  fragments = [...found].sort((x, y) => y.length - x.length);
  return fragments;
}

/** The first template sentence that survives in a text, as the template wrote it (normalised), or null. */
export function findTemplateText(text: string): string | null {
  const n = normaliseText(text);
  if (n.length < 10) return null;
  for (const f of templateFragments()) if (n.includes(f)) return f;
  return null;
}

/** `"Напишите вводный абзац…"`: a fragment as the template writes it, short enough for a one-line finding. */
export function quoteFragment(fragment: string): string {
  const words = (written.get(fragment) ?? fragment).split(' ');
  return `"${words.length > 8 ? `${words.slice(0, 8).join(' ')} …` : words.join(' ')}"`;
}
