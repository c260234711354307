/**
 * A (sanitised) hast tree → React elements, through unified with rehype-react and React's JSX
 * runtime. `components` maps a tag name to the component that draws it instead (rehype-react's
 * `components` option); each one receives the element's React props, its children and its hast
 * `node`.
 */
import type { ComponentType, JSX, ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import { unified } from 'unified';
import type { HastElement, HastRoot } from '@vitrina-docs/schemas';

/** Props of a component that draws a hast element: its React props, children and the element itself. */
export type HastComponentProps = Record<string, unknown> & { children?: ReactNode; node: HastElement };

/** Tag name → the component that draws elements of that tag. */
export type HastComponents = Partial<Record<keyof JSX.IntrinsicElements, ComponentType<HastComponentProps>>>;

function makeProcessor(components: HastComponents) {
  return unified()
    .use(rehypeReact, {
      Fragment,
      jsx,
      jsxs,
      components: components as never,
      passNode: true,
      // `align` stays an attribute: an inline style would break under the site's CSP.
      tableCellAlignToStyle: false,
      // A style attribute never reaches here (the sanitiser drops it); never throw on one.
      ignoreInvalidStyle: true,
    })
    .freeze();
}

const processors = new WeakMap<HastComponents, ReturnType<typeof makeProcessor>>();
const NONE: HastComponents = {};

function processorFor(components: HastComponents) {
  let processor = processors.get(components);
  if (!processor) processors.set(components, (processor = makeProcessor(components)));
  return processor;
}

/** Draws a sanitised hast root with a component map. */
export function drawHast(tree: HastRoot, components: HastComponents = NONE): ReactNode {
  return processorFor(components).stringify(tree as never);
}
