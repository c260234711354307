import type { Nodes, Parents, Root } from 'mdast';

/**
 * What a visitor returns: nothing to go on into the node's children, or the index in `parent`
 * to go on from (after it replaced or removed the node; the node's children are then not
 * visited, and the node at that index is).
 */
export type WalkStep = number | void;

export type Visitor<N extends Nodes = Nodes> = (node: N, index: number | undefined, parent: Parents | undefined) => WalkStep;

/**
 * Visits every node of a tree, parents before their children, in document order. What the
 * remark plugins of a page need of `unist-util-visit`, at a fraction of its cost: that one makes a
 * closure, a copy of the ancestors and a property definition for every node it passes, which
 * took a tenth of a build's markdown time.
 */
export function walk(tree: Root, visitor: Visitor): void {
  if (visitor(tree, undefined, undefined) === undefined) walkChildren(tree, visitor);
}

/** Visits the nodes of one type (and goes on through every other node). */
export function walkType<T extends Nodes['type']>(tree: Root, type: T, visitor: Visitor<Extract<Nodes, { type: T }>>): void {
  walk(tree, (node, index, parent) => (node.type === type ? visitor(node as Extract<Nodes, { type: T }>, index, parent) : undefined));
}

function walkChildren(parent: Parents, visitor: Visitor): void {
  const children = parent.children as Nodes[];
  let i = 0;
  while (i < children.length) {
    const node = children[i]!;
    const next = visitor(node, i, parent);
    if (typeof next === 'number') {
      i = next;
      continue;
    }
    if ('children' in node) walkChildren(node, visitor);
    i++;
  }
}
