/**
 * An SVG diagram of a page body, readable on any screen and in both colour modes:
 *
 * - its narrow variant (a layout drawn for phones, `name.narrow.svg` next to `name.svg`, which
 *   the generator records on the image) replaces it on narrow screens, through <picture>;
 * - the drawing is there twice, as `name.svg` and `name.svg#dark`: the SVG keeps its light
 *   colours in presentation attributes and turns dark with a style on `#dark:target`, and
 *   content.css shows the copy that matches the page's colour mode (data-theme, which an
 *   image cannot see); the hidden copy is lazy and never loads;
 * - a tap opens the full drawing on its own, in the same colours, where the browser zooms it.
 *
 * Other images are drawn as they are. In an embedding app, the files come from its assetBase.
 */
import type { HastComponentProps } from '../hast/draw-hast.ts';
import { assetUrl, useEmbed } from './embed-context.ts';

/** Below this viewport width the narrow variant is shown (the wide drawings need 610 px to keep 11 px labels). */
export const NARROW_MEDIA = '(max-width: 659px)';

const isDiagram = (src: unknown): src is string => typeof src === 'string' && /^\/(?!\/)[^?#]*\.svg$/i.test(src);

export function BodyDiagram({ node, src, ...rest }: HastComponentProps) {
  const embed = useEmbed();
  const {
    'data-narrow-src': _narrowSrc,
    'data-narrow-width': _narrowWidth,
    'data-narrow-height': _narrowHeight,
    ...props
  } = rest as Record<string, unknown>;
  if (!isDiagram(src)) return <img src={typeof src === 'string' ? assetUrl(src, embed) : undefined} {...props} />;
  const p = node.properties;
  const narrow = isDiagram(p.dataNarrowSrc)
    ? { src: assetUrl(p.dataNarrowSrc, embed), width: Number(p.dataNarrowWidth), height: Number(p.dataNarrowHeight) }
    : null;
  const full = assetUrl(src, embed);
  const copy = (theme: 'light' | 'dark') => {
    const hash = theme === 'dark' ? '#dark' : '';
    return (
      <a className={`diagram-link diagram-${theme}`} href={full + hash}>
        <picture>
          {narrow && (
            <source media={NARROW_MEDIA} srcSet={narrow.src + hash} width={narrow.width || undefined} height={narrow.height || undefined} />
          )}
          <img src={full + hash} {...props} />
        </picture>
      </a>
    );
  };
  return (
    <span className="diagram">
      {copy('light')}
      {copy('dark')}
    </span>
  );
}
