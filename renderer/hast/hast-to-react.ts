/**
 * hast JSON → React elements, with a component map. Written for the sanitised tree (known
 * elements, known attributes), which keeps it a few lines instead of a 10 KB gzip
 * dependency: hast-util-to-jsx-runtime with property-information would not fit the
 * 80 KB JavaScript budget next to react-dom.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import type { HastElement, HastNode, HastRoot } from '@vitrina-docs/schemas';

/** Props a mapped component receives: the element's React props, its children and its hast node. */
export type HastComponentProps = Record<string, unknown> & { children?: ReactNode; node: HastElement };
export type HastComponents = Partial<Record<string, ComponentType<HastComponentProps>>>;

const RENAMED: Record<string, string> = {
  className: 'className',
  tabIndex: 'tabIndex',
  colSpan: 'colSpan',
  rowSpan: 'rowSpan',
  checked: 'defaultChecked',
};

/** hast property name → React prop name. */
function propName(key: string): string {
  const renamed = RENAMED[key];
  if (renamed) return renamed;
  // ariaDescribedBy → aria-describedby; dataFootnoteRef → data-footnote-ref.
  if (/^aria[A-Z]/.test(key)) return `aria-${key.slice(4).toLowerCase()}`;
  if (/^data[A-Z]/.test(key)) return `data${key.slice(4).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  return key;
}

export function toReactProps(node: HastElement): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node.properties)) {
    if (value === null || value === false) continue;
    const name = propName(key);
    if (name === 'className') props.className = Array.isArray(value) ? value.join(' ') : value;
    else if (name.startsWith('data-') || name.startsWith('aria-')) props[name] = value === true ? '' : String(value);
    else props[name] = Array.isArray(value) ? value.join(' ') : value;
  }
  return props;
}

function convert(node: HastNode, components: HastComponents, key: number): ReactNode {
  if (node.type === 'text') return node.value;
  const props = toReactProps(node);
  props.key = key;
  const children = node.children.length ? node.children.map((c, i) => convert(c, components, i)) : undefined;
  const component = components[node.tagName];
  if (component) return createElement(component, { ...props, node }, children);
  return createElement(node.tagName, props, children);
}

/** Draws a (sanitised) hast root. */
export function hastToReact(tree: HastRoot, components: HastComponents = {}): ReactNode[] {
  return tree.children.map((c, i) => convert(c, components, i));
}

/** Plain text of a hast subtree. */
export function hastText(node: HastNode): string {
  return node.type === 'text' ? node.value : node.children.map(hastText).join('');
}
