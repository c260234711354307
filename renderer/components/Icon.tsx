/**
 * The few icons of the site: an empty span whose CSS (content.css) paints an SVG mask with
 * currentColor, so that the icons cost no JavaScript.
 */
export type IconName =
  'menu' | 'close' | 'sun' | 'moon' | 'system' | 'copy' | 'check' | 'chevron' | 'search' | 'external' | 'edit' | 'more';

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span className={`icon icon-${name}${className ? ` ${className}` : ''}`} aria-hidden="true" />;
}
