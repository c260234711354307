import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import type { Image, Root } from 'mdast';
import type { Plugin } from 'unified';
import { walkType } from './walk-mdast.ts';
import { didYouMean } from '../suggest.ts';
import { unsafeUrlReason } from './remark-links.ts';
import { report } from './report.ts';

export interface ImageOptions {
  /** Folder of content/static; images are checked and measured there. */
  staticDir?: string;
  /** The published files (`/img/x.svg` …), for "did you mean" when an image is missing. */
  files?: readonly string[];
}

/** A path decoded (`%20` → space), or as written when it does not decode (then no file has its name). */
function decodedPath(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

const sizeCache = new Map<string, { width: number; height: number } | null>();

function measure(file: string): { width: number; height: number } | null {
  if (sizeCache.has(file)) return sizeCache.get(file) ?? null;
  let size: { width: number; height: number } | null = null;
  try {
    const s = imageSize(readFileSync(file));
    if (s.width && s.height) size = { width: s.width, height: s.height };
  } catch {
    size = null;
  }
  sizeCache.set(file, size);
  return size;
}

/**
 * Requires alt text, checks that the image exists, records its size (and the file and size of
 * its narrow variant, `name.narrow.svg`, when there is one) and loads it lazily.
 */
export const remarkImages: Plugin<[ImageOptions?], Root> =
  (options = {}) =>
  (tree, file) => {
    walkType(tree, 'image', (node: Image, index, parent) => {
      const unsafe = unsafeUrlReason(node.url);
      if (unsafe) {
        report(file, node, 'unsafe-link', `image from ${unsafe}`);
        if (parent && index !== undefined) {
          parent.children.splice(index, 1);
          return index;
        }
        node.url = '';
        return;
      }
      if (!node.alt || node.alt.trim() === '') {
        report(file, node, 'missing-alt', `image "${node.url}" has no alt text: ![what it shows](${node.url})`);
      }
      const props: Record<string, string | number> = { loading: 'lazy', decoding: 'async' };
      if (node.url.startsWith('/') && options.staticDir) {
        const size = measure(join(options.staticDir, decodedPath(node.url)));
        if (!size) {
          const images = (options.files ?? []).filter((f) => !f.startsWith('/api/'));
          report(
            file,
            node,
            'missing-image',
            `image "${node.url}" is not in content/static (or has no width and height)${didYouMean(node.url, images)}`,
          );
        } else {
          props.width = size.width;
          props.height = size.height;
          // A diagram drawn again for phones: `name.narrow.svg` next to `name.svg`.
          const narrowUrl = node.url.replace(/\.svg$/i, '.narrow.svg');
          const narrow = narrowUrl !== node.url ? measure(join(options.staticDir, decodeURI(narrowUrl))) : null;
          if (narrow) {
            props.dataNarrowSrc = narrowUrl;
            props.dataNarrowWidth = narrow.width;
            props.dataNarrowHeight = narrow.height;
          }
        }
      } else if (!/^https:\/\//.test(node.url)) {
        report(file, node, 'missing-image', `image "${node.url}": use a path from content/static such as /img/….svg`);
      }
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), ...props } };
    });
  };
