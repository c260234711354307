// hast-util-to-jsx-runtime types their output with the global `JSX` namespace,
// which React 19's types no longer declare: without it its types
// degrade to `any`. This names React's JSX as the global one.
import type { JSX as ReactJSX } from 'react';

declare global {
  namespace JSX {
    type Element = ReactJSX.Element;
    type ElementClass = ReactJSX.ElementClass;
    type IntrinsicElements = ReactJSX.IntrinsicElements;
  }
}
