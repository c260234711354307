/**
 * Allow-list sanitiser for page bodies (hast JSON). The renderer draws only what passes:
 * known elements, known attributes per element, safe URLs, classes of the body conventions.
 * It runs on every body, even the generator's own, because an embedding app may pass JSON
 * that came from anywhere.
 */
import type { HastElement, HastNode, HastRoot } from '@vitrina-docs/schemas';

type Props = HastElement['properties'];

const GLOBAL = ['id', 'className', 'title', 'lang', 'dir', 'ariaHidden', 'ariaLabel', 'ariaDescribedBy', 'ariaLabelledBy'];

/** Allowed elements, each with its allowed attributes (hast property names) after a colon. */
const ELEMENTS: Record<string, string[]> = Object.fromEntries(
  (
    'a:href,dataFootnoteRef,dataFootnoteBackref abbr aside blockquote br caption code del details:open div em ' +
    'figcaption figure:dataLanguage h2 h3 h4 h5 h6 hr img:src,alt,width,height,loading,decoding,dataNarrowSrc,dataNarrowWidth,dataNarrowHeight ' +
    'input:type,checked,disabled kbd li ol:start p pre:tabIndex s section:dataFootnotes span strong sub summary sup ' +
    'table tbody td:align,colSpan,rowSpan tfoot th:align,colSpan,rowSpan,scope thead tr ul'
  )
    .split(' ')
    .map((entry) => {
      const [tag, attributes] = entry.split(':');
      return [tag!, attributes ? attributes.split(',') : []];
    }),
);

/** Classes of the body conventions (admonitions, code blocks, highlighting, GFM). */
const CLASS =
  /^(?:hl-[\w-]+|admonition(?:-[a-z]+)?|code-block|code-title|shiki|line|details|footnotes|data-footnote-backref|task-list-item|contains-task-list|sr-only|language-[\w+-]+)$/;

/** Ids the site shell uses: a body may not take them (DOM clobbering). */
const RESERVED_ID = /^(?:__|vd-)/;

/** Children that must be elements only (whitespace text there breaks hydration). */
const ELEMENTS_ONLY = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'ol']);

const MAX_DEPTH = 64;

/** http(s), mailto, tel, and relative URLs (path, #hash, ?query). Everything else is dropped. */
export function isSafeUrl(value: string): boolean {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (!scheme) return !url.startsWith('\\') && !/^\/[\\]/.test(url);
  return ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!.toLowerCase());
}

function sanitizeProps(tagName: string, props: unknown): Props {
  const out: Props = {};
  if (!props || typeof props !== 'object') return out;
  const allowed = ELEMENTS[tagName] ?? [];
  for (const [name, raw] of Object.entries(props as Record<string, unknown>)) {
    // Shiki writes `class` where hast has `className`.
    const key = name === 'class' ? 'className' : name;
    if (!GLOBAL.includes(key) && !allowed.includes(key)) continue;
    if (key === 'className') {
      const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/\s+/) : []).filter(
        (c): c is string => typeof c === 'string' && CLASS.test(c),
      );
      if (list.length) out.className = [...((out.className as string[] | undefined) ?? []), ...list];
      continue;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') continue;
    if ((key === 'href' || key === 'src' || key === 'dataNarrowSrc') && (typeof raw !== 'string' || !isSafeUrl(raw))) continue;
    if (key === 'id' && (typeof raw !== 'string' || RESERVED_ID.test(raw))) continue;
    if (key === 'type' && raw !== 'checkbox') continue;
    out[key] = raw;
  }
  if (tagName === 'input') out.disabled = true;
  return out;
}

function sanitizeChildren(tagName: string, children: unknown, depth: number): HastNode[] {
  if (!Array.isArray(children) || depth > MAX_DEPTH) return [];
  const out: HastNode[] = [];
  for (const child of children as unknown[]) {
    const node = sanitizeNode(child, depth + 1);
    if (!node) continue;
    if (node.type === 'text' && ELEMENTS_ONLY.has(tagName)) continue;
    out.push(node);
  }
  return out;
}

function sanitizeNode(node: unknown, depth: number): HastNode | null {
  if (!node || typeof node !== 'object') return null;
  const n = node as { type?: unknown; value?: unknown; tagName?: unknown; properties?: unknown; children?: unknown };
  if (n.type === 'text') return typeof n.value === 'string' ? { type: 'text', value: n.value } : null;
  if (n.type !== 'element' || typeof n.tagName !== 'string') return null;
  const tagName = n.tagName.toLowerCase();
  if (!Object.hasOwn(ELEMENTS, tagName)) return null;
  if (tagName === 'input' && (n.properties as Props | undefined)?.type !== 'checkbox') return null;
  const children =
    tagName === 'img' || tagName === 'br' || tagName === 'hr' || tagName === 'input' ? [] : sanitizeChildren(tagName, n.children, depth);
  return { type: 'element', tagName, properties: sanitizeProps(tagName, n.properties), children };
}

/** A copy of `tree` holding only allowed elements, attributes, classes and URLs. */
export function sanitizeHast(tree: unknown): HastRoot {
  const root = tree as { type?: unknown; children?: unknown } | null;
  if (!root || typeof root !== 'object' || root.type !== 'root') return { type: 'root', children: [] };
  return { type: 'root', children: sanitizeChildren('root', root.children, 0) };
}
