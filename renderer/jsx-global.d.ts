// rehype-react and hast-util-to-jsx-runtime type their output with the global `JSX` namespace,
// which React 19's types no longer declare: without it their types (and unified's plugin types
// around them) degrade to `any`. This names React's JSX as the global one.
import type { JSX as ReactJSX } from 'react';

declare global {
  namespace JSX {
    type Element = ReactJSX.Element;
    type ElementClass = ReactJSX.ElementClass;
    type IntrinsicElements = ReactJSX.IntrinsicElements;
  }
}
