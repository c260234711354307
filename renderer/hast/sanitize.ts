/**
 * Allow-list sanitiser for page bodies (hast JSON). The renderer draws only what passes:
 * known elements, known attributes per element, safe URLs, classes of the body conventions.
 * It runs on every body, even the generator's own, because an embedding app may pass JSON
 * that came from anywhere.
 */
import type { HastElement, HastNode, HastRoot } from '@vitrina-docs/schemas';
import { isSafeUrl, safeUrl } from './safe-url.ts';

export { isSafeUrl, safeUrl };

type Props = HastElement['properties'];

const GLOBAL = ['id', 'className', 'title', 'lang', 'dir', 'ariaHidden', 'ariaLabel', 'ariaDescribedBy', 'ariaLabelledBy'];

/** Allowed elements, each with its allowed attributes (hast property names) after a colon. */
const ELEMENTS: Record<string, string[]> = Object.fromEntries(
  (
    'a:href,dataFootnoteRef,dataFootnoteBackref abbr aside blockquote br caption code del details:open div em ' +
    'figcaption figure:dataLanguage h2 h3 h4 h5 h6 hr img:src,alt,width,height,loading,decoding,dataNarrowSrc,dataNarrowWidth,dataNarrowHeight ' +
    'input:type,checked,disabled kbd li ol:start p pre:tabIndex s section:dataFootnotes span strong sub summary sup ' +
    'table tbody td:align,colSpan,rowSpan tfoot th:align,colSpan,rowSpan,scope thead tr ul ' +
    // MathML Core, as the generator typesets formulas (generator/markdown/remark-math-ml.ts).
    'math:display mrow:displaystyle,scriptlevel mi:mathvariant mn:mathvariant mo:form,stretchy,fence,separator,lspace,rspace,largeop,movablelimits,symmetric,minsize,maxsize,accent ' +
    'mtext:mathvariant mspace:width,height,depth ms msub msup msubsup mfrac:linethickness msqrt mroot mstyle:displaystyle,scriptlevel ' +
    'mtable:displaystyle,columnalign,rowalign mtr mtd:columnspan,rowspan,columnalign munder:accentunder mover:accent munderover:accent,accentunder ' +
    'mpadded:width,height,depth,lspace,voffset mphantom'
  )
    .split(' ')
    .map((entry) => {
      const [tag, attributes] = entry.split(':');
      return [tag!, attributes ? attributes.split(',') : []];
    }),
);

/** Classes of the body conventions (admonitions, code blocks, highlighting, GFM). */
const CLASS =
  /^(?:hl-[\w-]+|admonition(?:-[a-z]+)?|code-block|code-title|hl|details|footnotes|data-footnote-backref|task-list-item|contains-task-list|sr-only|language-[\w+-]+)$/;

/** Ids the site shell uses: a body may not take them (DOM clobbering). */
const RESERVED_ID = /^(?:__|vd-)/;

/** Children that must be elements only (whitespace text there breaks hydration). */
const ELEMENTS_ONLY = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'ol']);

const MAX_DEPTH = 64;

function sanitizeProps(tagName: string, props: unknown): Props {
  const out: Props = {};
  if (!props || typeof props !== 'object') return out;
  const allowed = ELEMENTS[tagName] ?? [];
  for (const [name, raw] of Object.entries(props as Record<string, unknown>)) {
    // (A tree made by other tools may say `class` where hast has `className`.)
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
    if (key === 'href' || key === 'src' || key === 'dataNarrowSrc') {
      const url = safeUrl(raw);
      if (url !== null) out[key] = url;
      continue;
    }
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
