/**
 * An SVG in content/static is served as it is, and an SVG opened on its own is a document that can
 * run script. So every SVG is parsed (as XML, with positions) and refused when it holds anything
 * active or anything it would load from elsewhere:
 *
 * - elements that run script or embed other documents: `script`, `foreignObject`, `iframe`,
 *   `embed`, `object`, `handler`, `listener`;
 * - event handler attributes (`onload`, `onclick` …) and animations that set one or a link;
 * - references out of the file: an `href` (or `xlink:href`) other than `#id` (links of `<a>` may
 *   go to http, https, mailto and tel; `<image>` may hold a data: PNG, JPEG, GIF or WebP), a
 *   `url(…)` other than `url(#id)` in an attribute, a style attribute or a `<style>` element,
 *   a CSS `@import`, a stylesheet processing instruction, a DOCTYPE with declarations.
 *
 * What drawings need stays allowed: `<style>` with media queries such as `prefers-color-scheme`
 * and custom properties, `<title>` and `<desc>`, gradients, markers and `<use href="#id">`.
 */
import type * as CssTree from 'css-tree';
import { SaxesParser } from 'saxes';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { SAFE_URL_SCHEMES, urlScheme } from '@vitrina-docs/schemas/paths';
import type { Diagnostics } from '../diagnostics.ts';
import type { LoadedContent } from './load.ts';

export interface SvgFinding {
  line: number;
  column: number;
  message: string;
}

const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
const ANIMATIONS = new Set(['animate', 'set', 'animatemotion', 'animatetransform', 'animatecolor']);
const RASTER_DATA = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

/**
 * What every CSS reference to another file is written with: `url(`, `@import`, `image-set(` or
 * `src(`, or a backslash (an escape can spell any of them). CSS without any of these, as the
 * drawings' media queries and custom properties are, refers to nothing, and is not parsed.
 */
const MAY_REFER = /url|@import|image-set|src|\\/i;

/** css-tree, loaded on the first CSS that may refer to another file (it takes 60 ms to load). */
let cssTree: typeof CssTree | null = null;
const loadCssTree = () => (cssTree ??= createRequire(import.meta.url)('css-tree') as typeof CssTree);

/** The external references of a piece of CSS (`url(…)` other than `#id`, `@import`). */
export function cssReferences(css: string, context: 'stylesheet' | 'declarationList'): string[] {
  if (!MAY_REFER.test(css)) return [];
  const { parse: parseCss, walk: walkCss, ident } = loadCssTree();
  const found: string[] = [];
  let ast: CssTree.CssNode;
  try {
    ast = parseCss(css, { context, positions: false });
  } catch {
    return [];
  }
  // (Names are read with their escapes decoded, as a browser reads them: `\75 rl(` is `url(`.)
  walkCss(ast, (node) => {
    if (node.type === 'Url' && !node.value.startsWith('#')) found.push(`url(${node.value.slice(0, 60)})`);
    else if (node.type === 'Atrule' && ident.decode(node.name).toLowerCase() === 'import') found.push('@import');
    else if (node.type === 'Function' && /^url$|(^|-)image-set$|^src$/i.test(ident.decode(node.name))) found.push(`${node.name}()`);
    // css-tree reads what it cannot parse as raw text: look there too.
    else if (node.type === 'Raw' && /url\s*\(|@import/i.test(ident.decode(node.value))) found.push(node.value.trim().slice(0, 60));
  });
  return found;
}

/** Why an `href` on this element is refused, or null. */
function hrefProblem(element: string, value: string): string | null {
  const url = value.trim();
  if (url.startsWith('#')) return null;
  if (element === 'image' && RASTER_DATA.test(url)) return null;
  if (element === 'a') {
    const scheme = urlScheme(url);
    if (scheme === null ? !/^[\\/]{2}/.test(url) : SAFE_URL_SCHEMES.includes(scheme)) return null;
    return `<a> links to "${url.slice(0, 60)}": a link may go to an http, https, mailto or tel URL or a site path`;
  }
  return `<${element}> refers to "${url.slice(0, 60)}": an SVG may refer only to its own elements (#id)`;
}

/** Every active or external part of an SVG document, with its position. */
export function checkSvg(text: string): SvgFinding[] {
  const findings: SvgFinding[] = [];
  const parser = new SaxesParser({ position: true });
  const at = (message: string) => findings.push({ line: parser.line, column: parser.column + 1, message });
  let inStyle = 0;
  let css = '';
  let cssLine = 1;
  let broken = false;
  parser.on('error', (e) => {
    if (!broken) at(`the SVG is not well-formed XML: ${e.message.replace(/^\d+:\d+: /, '')}`);
    broken = true;
  });
  parser.on('doctype', (doctype) => {
    if (doctype.includes('[')) at('a DOCTYPE with declarations (entities can read files or grow without end): remove it');
  });
  parser.on('processinginstruction', (pi) => {
    if (pi.target.toLowerCase() !== 'xml') at(`processing instruction <?${pi.target} …?>: an SVG may not load a stylesheet`);
  });
  parser.on('opentag', (tag) => {
    const element = localName(tag.name);
    if (ACTIVE_ELEMENTS.has(element)) at(`<${tag.name}>: an SVG may not hold script or other documents`);
    if (element === 'style') {
      inStyle++;
      css = '';
      cssLine = parser.line;
    }
    for (const [rawName, rawValue] of Object.entries(tag.attributes)) {
      const name = localName(rawName);
      const value = String(rawValue);
      if (name.startsWith('on')) at(`event handler ${rawName} on <${tag.name}>: an SVG may not run script`);
      else if (name === 'href') {
        const problem = hrefProblem(element, value);
        if (problem) at(problem);
      } else if (name === 'style') {
        for (const ref of cssReferences(value, 'declarationList'))
          at(`style attribute of <${tag.name}> loads ${ref}: an SVG may not load other files`);
      } else if ([...value.matchAll(/url\s*\(\s*['"]?([^)'"]*)/gi)].some((m) => !m[1]!.trim().startsWith('#')))
        at(`${rawName}="${value.slice(0, 60)}" on <${tag.name}>: an SVG may refer only to its own elements (url(#id))`);
      if (ANIMATIONS.has(element) && name === 'attributename' && (/^on/i.test(value) || localName(value) === 'href'))
        at(`<${tag.name}> animates ${value}: an SVG may not change its links or handlers`);
    }
  });
  parser.on('text', (t) => {
    if (inStyle) css += t;
  });
  parser.on('cdata', (t) => {
    if (inStyle) css += t;
  });
  parser.on('closetag', (tag) => {
    if (localName(tag.name) !== 'style' || !inStyle) return;
    inStyle--;
    for (const ref of cssReferences(css, 'stylesheet'))
      findings.push({ line: cssLine, column: 1, message: `<style> loads ${ref}: an SVG may not load other files` });
  });
  try {
    parser.write(text).close();
  } catch (e) {
    if (!broken) at(`the SVG is not well-formed XML: ${(e as Error).message}`);
  }
  return findings;
}

/** Checks every SVG that content/static publishes; each finding is an `unsafe-svg` error at its place. */
export function checkStaticSvgs(content: LoadedContent, diagnostics: Diagnostics): void {
  for (const path of content.staticFiles) {
    if (!path.toLowerCase().endsWith('.svg')) continue;
    const abs = join(content.staticDir, path);
    const file = relative(content.root, abs).split(sep).join('/');
    let text: string;
    try {
      text = readFileSync(abs, 'utf8');
    } catch (e) {
      diagnostics.error(file, 1, 1, 'unreadable-file', `the file cannot be read: ${(e as Error).message}`);
      continue;
    }
    for (const f of checkSvg(text)) diagnostics.error(file, f.line, f.column, 'unsafe-svg', f.message);
  }
}
