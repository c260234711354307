/**
 * vfile-message for the site's bundle (renderer/vite.config.ts aliases the package to this
 * module). hast-util-to-jsx-runtime throws one only for a style attribute it cannot parse (it is
 * told to ignore those) and for MDX nodes; a sanitised page body has neither. A plain Error with
 * the reason keeps such a throw readable without the package's position formatting.
 */
export class VFileMessage extends Error {
  file?: string;
  url?: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'VFileMessage';
  }
}
