import type { Nodes, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { walk, walkType } from './walk-mdast.ts';

const parse = (md: string) => unified().use(remarkParse).parse(md);

const label = (n: Nodes) => ('value' in n ? `${n.type}:${n.value}` : n.type);

describe('walk', () => {
  it('visits parents before their children, in document order, with index and parent', () => {
    const tree = parse('# A *b*\n\n- c\n- d\n');
    const seen: string[] = [];
    walk(tree, (node, index, parent) => {
      seen.push(`${label(node)}@${index ?? '-'}<${parent?.type ?? ''}`);
    });
    expect(seen).toEqual([
      'root@-<',
      'heading@0<root',
      'text:A @0<heading',
      'emphasis@1<heading',
      'text:b@0<emphasis',
      'list@1<root',
      'listItem@0<list',
      'paragraph@0<listItem',
      'text:c@0<paragraph',
      'listItem@1<list',
      'paragraph@0<listItem',
      'text:d@0<paragraph',
    ]);
  });

  it('goes on from the index a visitor returns: a replaced node is visited in its place, a removed one not', () => {
    const tree = parse('a *b* c');
    const seen: string[] = [];
    walk(tree, (node, index, parent) => {
      seen.push(label(node));
      // The emphasis is replaced by its children, which are then visited where it was.
      if (node.type === 'emphasis' && parent && index !== undefined) {
        parent.children.splice(index, 1, ...node.children);
        return index;
      }
    });
    expect(seen).toEqual(['root', 'paragraph', 'text:a ', 'emphasis', 'text:b', 'text: c']);
    expect((tree.children[0] as { children: Nodes[] }).children.map(label)).toEqual(['text:a ', 'text:b', 'text: c']);
  });

  it('does not go into a node whose visitor returned an index past it', () => {
    const tree: Root = parse('*a* b');
    const seen: string[] = [];
    walk(tree, (node, index) => {
      seen.push(label(node));
      if (node.type === 'emphasis') return index! + 1;
    });
    expect(seen).toEqual(['root', 'paragraph', 'emphasis', 'text: b']);
  });
});

describe('walkType', () => {
  it('calls the visitor for the nodes of one type only, at any depth', () => {
    const tree = parse('Go [here](/a), then [there](/b).\n\n> [deep](/c)\n');
    const urls: string[] = [];
    walkType(tree, 'link', (node) => {
      urls.push(node.url);
    });
    expect(urls).toEqual(['/a', '/b', '/c']);
  });
});
