/**
 * property-information for the site's bundle (renderer/vite.config.ts aliases the package to
 * this module): only the attributes the sanitiser lets through (hast/sanitize.ts), with their
 * types. hast-util-to-jsx-runtime needs a property's type to draw its value (a class list joined
 * by spaces, a boolean attribute present or absent); the package's whole tables of HTML, SVG,
 * XLink and XML attributes (6 KB gzip) would never be read for a sanitised page body: it has no
 * <svg> (diagrams are <img>), no style and no other attribute. `data-*` attributes are handled by
 * `find` without a table. Apps that embed the renderer get the package as it is.
 */
import { aria } from '../../node_modules/property-information/lib/aria.js';
import { caseInsensitiveTransform } from '../../node_modules/property-information/lib/util/case-insensitive-transform.js';
import { create } from '../../node_modules/property-information/lib/util/create.js';
import { merge } from '../../node_modules/property-information/lib/util/merge.js';
import { boolean, number, spaceSeparated } from '../../node_modules/property-information/lib/util/types.js';

export { find } from '../../node_modules/property-information/lib/find.js';
export { hastToReact } from '../../node_modules/property-information/lib/hast-to-react.js';
export { normalize } from '../../node_modules/property-information/lib/normalize.js';

const allowed = create({
  attributes: { classname: 'class' },
  mustUseProperty: ['checked'],
  properties: {
    align: null,
    alt: null,
    checked: boolean,
    className: spaceSeparated,
    colSpan: number,
    decoding: null,
    dir: null,
    disabled: boolean,
    height: number,
    href: null,
    id: null,
    lang: null,
    loading: null,
    open: boolean,
    rowSpan: number,
    scope: null,
    src: null,
    start: number,
    tabIndex: number,
    title: null,
    type: null,
    width: number,
  },
  transform: caseInsensitiveTransform,
});

export const html = merge([aria, allowed], 'html');
export const svg = html;
