/**
 * What a reader on a phone stumbles on, found in one pass over the laid-out page (run inside
 * the browser with page.evaluate): a page that scrolls sideways, text cut off or pushed out
 * of reach, inline code split inside a token, a table cell squeezed narrower than a readable
 * line, a diagram shrunk below legibility that cannot be opened full size, a diagram that
 * stays a light panel in dark mode. Each finding is one line that names the element.
 */
export interface ReadingCheckOptions {
  /** A cell whose text wraps must be at least this wide (CSS px). */
  readableCellWidth: number;
  /** Smallest rendered label of a diagram (CSS px). */
  minLabelPx: number;
  /** Characters after which inline code may wrap (besides spaces, hyphens and the humps of a camelCase name). */
  breakAfter: string;
  /** A token of at most this many characters fits any line: it never wraps, not even after a hyphen. */
  shortToken: number;
}

export const READING_CHECKS: ReadingCheckOptions = { readableCellWidth: 144, minLabelPx: 11, breakAfter: '_/.=?&(:,', shortToken: 15 };

/** Runs in the page: returns the findings (empty when the page reads well). */
export async function findReadingProblems(options: ReadingCheckOptions): Promise<string[]> {
  const problems: string[] = [];
  const width = document.documentElement.clientWidth;
  const main = document.querySelector('main') ?? document.body;
  const describe = (el: Element): string => {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const cls = el.getAttribute('class');
    return `<${el.tagName.toLowerCase()}${cls ? `.${cls.trim().split(/\s+/).join('.')}` : ''}> «${text.length > 60 ? `${text.slice(0, 57)}…` : text}»`;
  };
  const visible = (el: Element): boolean => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  /** Visually hidden on purpose (screen-reader text, a table head turned into labels): a box of a pixel or less. */
  const tiny = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    return r.width <= 1 || r.height <= 1;
  };
  /** How many lines the text under `el` takes: fragments that do not overlap vertically are on different lines. */
  const lineCount = (el: Element): number => {
    const fragments: DOMRect[] = [];
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = texts.nextNode(); t; t = texts.nextNode()) {
      if (!t.nodeValue?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(t);
      for (const r of range.getClientRects()) if (r.width > 0) fragments.push(r);
    }
    fragments.sort((a, b) => a.top - b.top);
    let lines = 0;
    let lineBottom = -Infinity;
    for (const r of fragments) {
      if (r.top >= lineBottom - 2) {
        lines++;
        lineBottom = r.bottom;
      } else lineBottom = Math.max(lineBottom, r.bottom);
    }
    return lines;
  };
  /** Scrolls sideways on purpose: code blocks and the data tables that must stay tables. */
  const isScroller = (el: Element): boolean => {
    const style = getComputedStyle(el);
    return (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
  };
  const intendedScroller = (el: Element): boolean => el.matches('pre, .table-scroll');

  // 1. The page itself does not scroll sideways.
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > width) problems.push(`the page scrolls sideways: ${pageWidth} px wide in a ${width} px viewport`);

  // 2. Text cut off: outside the viewport (and not in a scroller), or clipped by its box.
  const clippers = new Map<Element, Element | null>();
  /** The nearest ancestor that clips or scrolls its content sideways. */
  const clipperOf = (el: Element): Element | null => {
    const parent = el.parentElement;
    if (!parent || parent === document.body) return null;
    let found = clippers.get(parent);
    if (found === undefined) {
      found = getComputedStyle(parent).overflowX !== 'visible' ? parent : clipperOf(parent);
      clippers.set(parent, found);
    }
    return found;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !node.nodeValue?.trim()) continue;
    seen.add(el);
    if (!visible(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rect = range.getBoundingClientRect();
    if (rect.width === 0) continue;
    const clipper = clipperOf(el);
    if (clipper && isScroller(clipper)) {
      if (!intendedScroller(clipper)) problems.push(`text hidden in a sideways scroller: ${describe(clipper)}`);
      continue;
    }
    if (clipper && tiny(clipper)) continue;
    if (clipper && el !== clipper) {
      const box = clipper.getBoundingClientRect();
      if (rect.right > box.right + 1 || rect.left < box.left - 1) {
        problems.push(`text cut off by ${describe(clipper)}: ${describe(el)}`);
        continue;
      }
    }
    if (rect.right > width + 1 || rect.left < -1) problems.push(`text outside the screen: ${describe(el)}`);
  }
  for (const el of main.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && el.scrollWidth > el.clientWidth + 1 && visible(el) && !tiny(el)) {
      if ((el.textContent ?? '').trim()) problems.push(`text clipped: ${describe(el)} (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1 && visible(el))
      problems.push(`text cut by an ellipsis: ${describe(el)}`);
  }

  // 3. Inline code wraps only after the break characters, spaces or hyphens.
  for (const code of main.querySelectorAll('code')) {
    if (code.closest('pre') || !visible(code) || code.getClientRects().length < 2) continue;
    const chars: { ch: string; top: number }[] = [];
    const texts = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let t = texts.nextNode(); t; t = texts.nextNode()) {
      const value = t.nodeValue ?? '';
      for (let i = 0; i < value.length; i++) {
        const range = document.createRange();
        range.setStart(t, i);
        range.setEnd(t, i + 1);
        const rects = range.getClientRects();
        chars.push({ ch: value[i]!, top: rects.length ? rects[rects.length - 1]!.top : NaN });
      }
    }
    /** The length of the run of non-space characters around the break before chars[i]. */
    const tokenLength = (i: number) => {
      let start = i;
      while (start > 0 && !/\s/.test(chars[start - 1]!.ch)) start--;
      let end = i;
      while (end < chars.length && !/\s/.test(chars[end]!.ch)) end++;
      return end - start;
    };
    let split = '';
    for (let i = 1; i < chars.length; i++) {
      const before = chars[i - 1]!;
      const here = chars[i]!;
      if (!(here.top > before.top + 2)) continue;
      const camelHump = /[a-z\d]/.test(before.ch) && /[A-Z]/.test(here.ch);
      const hyphen = before.ch === '-' && tokenLength(i) > options.shortToken;
      const ok = /\s/.test(before.ch) || hyphen || /\s/.test(here.ch) || options.breakAfter.includes(before.ch) || camelHump;
      if (!ok) split = chars.map((c, j) => (j === i ? `/${c.ch}` : c.ch)).join('');
    }
    if (split) problems.push(`inline code split inside a token: ${split}`);
  }

  // 4. Table cells: text that wraps gets at least a readable line.
  for (const cell of main.querySelectorAll('td, th')) {
    if (!visible(cell) || tiny(cell) || !(cell.textContent ?? '').trim()) continue;
    const style = getComputedStyle(cell);
    // A cell laid out inline (a part of a card's first line) has no width of its own.
    if (style.display === 'inline') continue;
    const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (inner >= options.readableCellWidth) continue;
    if (lineCount(cell) > 1) problems.push(`table cell ${Math.round(inner)} px wide, its text wraps: ${describe(cell)}`);
  }

  // 5. Diagrams: labels legible at this width, or a tap opens the drawing full size; dark in dark mode.
  const dark = document.documentElement.dataset.theme === 'dark';
  for (const img of main.querySelectorAll('img')) {
    if (!visible(img)) continue;
    img.scrollIntoView({ block: 'center' });
    await img.decode().catch(() => undefined);
    const src = img.currentSrc || img.src;
    const shown = img.getBoundingClientRect().width;
    let smallest = Infinity;
    if (/\.svg(?:[#?]|$)/.test(src)) {
      const svg = await (await fetch(src)).text();
      // Read as text (parsing it would apply its style, which the page's CSP refuses).
      const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
      const viewBox = /viewBox="([^"]+)"/
        .exec(root)?.[1]
        ?.split(/[\s,]+/)
        .map(Number);
      const drawn = viewBox?.[2] ?? parseFloat(/\swidth="([\d.]+)/.exec(root)?.[1] ?? '0');
      const sizes = [...svg.matchAll(/font-size(?:="|:\s*)([\d.]+)/g)].map((m) => parseFloat(m[1]!));
      if (drawn && sizes.length) smallest = (Math.min(...sizes) * shown) / drawn;
    } else if (img.naturalWidth) {
      smallest = (16 * shown) / img.naturalWidth;
    }
    const opens = img.closest('a[href]');
    if (smallest < options.minLabelPx && !opens) {
      problems.push(`figure shrunk to ${Math.round(shown)} px, labels ${smallest.toFixed(1)} px, and no tap opens it: ${src}`);
    }
    if (dark && img.complete && img.naturalWidth) {
      const canvas = document.createElement('canvas');
      canvas.width = 48;
      canvas.height = Math.max(1, Math.round((48 * img.naturalHeight) / img.naturalWidth));
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0, canvas.width, canvas.height);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let light = 0;
      for (let i = 0; i < data.length; i += 4) light += (0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) / 255;
      const mean = light / (data.length / 4);
      if (mean > 0.5) problems.push(`figure is a light panel in dark mode (mean lightness ${mean.toFixed(2)}): ${src}`);
    }
  }
  window.scrollTo(0, 0);
  return problems;
}
