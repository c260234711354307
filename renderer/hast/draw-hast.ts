/**
 * A (sanitised) hast tree → React elements, with hast-util-to-jsx-runtime (the utility that
 * rehype-react wraps) and React's JSX runtime: no unified processor ships to the browser.
 * `components` maps a tag name to the component that draws it instead; each one receives the
 * element's React props, its children and its hast `node`.
 */
import type { ComponentType, JSX, ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { HastElement, HastRoot } from '@vitrina-docs/schemas';

/** Props of a component that draws a hast element: its React props, children and the element itself. */
export type HastComponentProps = Record<string, unknown> & { children?: ReactNode; node: HastElement };

/** Tag name → the component that draws elements of that tag. */
export type HastComponents = Partial<Record<keyof JSX.IntrinsicElements, ComponentType<HastComponentProps>>>;

const NONE: HastComponents = {};

/** Draws a sanitised hast root with a component map. */
export function drawHast(tree: HastRoot, components: HastComponents = NONE): ReactNode {
  return toJsxRuntime(tree as never, {
    Fragment,
    jsx,
    jsxs,
    components: components as never,
    passNode: true,
    // `align` stays an attribute: an inline style would break under the site's CSP.
    tableCellAlignToStyle: false,
    // A style attribute never reaches here (the sanitiser drops it); never throw on one.
    ignoreInvalidStyle: true,
  });
}
