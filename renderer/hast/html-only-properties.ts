/**
 * property-information for the site's bundle (renderer/vite.config.ts aliases the package to
 * this module): the HTML schema only. rehype-react's hast-util-to-jsx-runtime imports the SVG
 * schema too, a 3 KB gzip table of SVG attributes, but a page body never holds an <svg> (the
 * sanitiser's allow-list has none; diagrams are <img>), so the SVG schema here is the HTML one.
 * Apps that embed the renderer get the package as it is.
 */
import { aria } from '../../node_modules/property-information/lib/aria.js';
import { html as htmlBase } from '../../node_modules/property-information/lib/html.js';
import { merge } from '../../node_modules/property-information/lib/util/merge.js';
import { xlink } from '../../node_modules/property-information/lib/xlink.js';
import { xml } from '../../node_modules/property-information/lib/xml.js';
import { xmlns } from '../../node_modules/property-information/lib/xmlns.js';

export { find } from '../../node_modules/property-information/lib/find.js';
export { hastToReact } from '../../node_modules/property-information/lib/hast-to-react.js';
export { normalize } from '../../node_modules/property-information/lib/normalize.js';

export const html = merge([aria, htmlBase, xlink, xmlns, xml], 'html');
export const svg = html;
