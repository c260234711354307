/**
 * What must fit the content column at any width, found in one pass over the laid-out page (run
 * inside the browser with page.evaluate): a code block's copy button drawn over its code, a
 * formula or a table wider than the column it sits in, an inline code token short enough to fit
 * a line split across two, a shell command that scrolls sideways on a phone. Each finding is one line that names the element.
 */
export interface FitCheckOptions {
  /** Inline code tokens of at most this many characters fit a line: they never wrap. */
  wholeToken: number;
  /** Tables too: none wider than its column, none that scrolls sideways. */
  tables: boolean;
}

export const FIT_CHECKS: FitCheckOptions = { wholeToken: 32, tables: true };

/** Runs in the page: returns the findings (empty when everything fits). */
export function findFitProblems(options: FitCheckOptions): string[] {
  const problems: string[] = [];
  const main = document.querySelector('main') ?? document.body;
  const excerpt = (el: Element): string => {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    return text.length > 50 ? `${text.slice(0, 47)}…` : text;
  };
  const shown = (el: Element): boolean => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 1;
  const overlap = (a: DOMRect, b: DOMRect): boolean =>
    a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  /** The box a block's width is measured against: the nearest block ancestor that is not itself a scroller of it. */
  const columnOf = (el: Element): DOMRect => (el.parentElement ?? main).getBoundingClientRect();

  // 1. The copy button of a code block never covers its code.
  for (const block of main.querySelectorAll('figure.code-block')) {
    const button = block.querySelector('.code-copy');
    const pre = block.querySelector('pre');
    if (!button || !pre || !shown(block)) continue;
    const b = button.getBoundingClientRect();
    const texts = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    let covered = false;
    for (let t = texts.nextNode(); t && !covered; t = texts.nextNode()) {
      if (!t.nodeValue?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(t);
      for (const r of range.getClientRects()) if (r.width > 0 && overlap(r, b)) covered = true;
    }
    if (covered || overlap(pre.getBoundingClientRect(), b)) problems.push(`copy button over code: «${excerpt(pre)}»`);
  }

  // 2. Formulas (and, with `tables`, tables) are no wider than their column, and need no
  // sideways scrolling.
  for (const el of main.querySelectorAll(options.tables ? 'math, .table-scroll' : 'math')) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    const column = columnOf(el);
    const kind = el.tagName.toLowerCase() === 'math' ? 'formula' : 'table';
    if (box.right > column.right + 1 || box.left < column.left - 1)
      problems.push(`${kind} ${Math.round(box.width)} px wide in a ${Math.round(column.width)} px column: «${excerpt(el)}»`);
    else if (getComputedStyle(el).display.startsWith('block') && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${kind} scrolls: ${el.scrollWidth} px in ${el.clientWidth} px: «${excerpt(el)}»`);
  }

  // 3. An inline code token that fits a line is never split across two.
  for (const code of main.querySelectorAll('code')) {
    if (code.closest('pre') || !shown(code) || code.getClientRects().length < 2) continue;
    // The characters of the element, each with its text node and offset.
    const chars: { node: Text; offset: number; ch: string }[] = [];
    const texts = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let t = texts.nextNode() as Text | null; t; t = texts.nextNode() as Text | null) {
      for (let i = 0; i < t.data.length; i++) chars.push({ node: t, offset: i, ch: t.data[i]! });
    }
    let start = 0;
    while (start < chars.length) {
      while (start < chars.length && /\s/.test(chars[start]!.ch)) start++;
      let end = start;
      while (end < chars.length && !/\s/.test(chars[end]!.ch)) end++;
      if (end > start && end - start <= options.wholeToken) {
        const range = document.createRange();
        range.setStart(chars[start]!.node, chars[start]!.offset);
        range.setEnd(chars[end - 1]!.node, chars[end - 1]!.offset + 1);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
        if (tops.length && Math.max(...tops) - Math.min(...tops) > 2) {
          const token = chars
            .slice(start, end)
            .map((c) => c.ch)
            .join('');
          problems.push(`inline code split across lines: ${token}`);
        }
      }
      start = end;
    }
  }

  // 4. On a phone, a shell command (a curl request, one option per line) wraps its long lines,
  // such as the request URL, instead of scrolling sideways.
  if (document.documentElement.clientWidth < 576) {
    for (const pre of main.querySelectorAll('figure.code-block[data-language="bash"] pre')) {
      if (shown(pre) && pre.scrollWidth > pre.clientWidth + 1)
        problems.push(`shell command scrolls sideways: ${pre.scrollWidth} px in ${pre.clientWidth} px: «${excerpt(pre)}»`);
    }
  }
  return problems;
}
