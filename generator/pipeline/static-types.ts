/**
 * The types of file content/static may publish: what documentation needs (images, PDF and
 * office documents, archives, data files, fonts), by an allow-list of extensions whose content
 * is checked too (the magic bytes of a binary type; text that a browser could read as a page in
 * a text type). A type that would run on the site's origin (HTML, XHTML, JavaScript, a service
 * worker, XML with script) is refused: the site's CSP allows its own origin's script.
 */

/** How a published type is checked. */
type Kind = { magic: readonly (readonly number[])[] } | { text: true } | { xml: true } | { svg: true };

const ZIP = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
] as const;
const OLE = [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]] as const;
const TEXT = { text: true } as const;

/** Extension (lower case, without the dot) → how its content is checked. */
export const STATIC_TYPES: Readonly<Record<string, Kind>> = {
  png: { magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  jpg: { magic: [[0xff, 0xd8, 0xff]] },
  jpeg: { magic: [[0xff, 0xd8, 0xff]] },
  gif: { magic: [[0x47, 0x49, 0x46, 0x38]] },
  webp: { magic: [[0x52, 0x49, 0x46, 0x46]] },
  avif: { magic: [[-1, -1, -1, -1, 0x66, 0x74, 0x79, 0x70]] },
  ico: { magic: [[0x00, 0x00, 0x01, 0x00]] },
  svg: { svg: true },
  pdf: { magic: [[0x25, 0x50, 0x44, 0x46, 0x2d]] },
  docx: { magic: ZIP },
  xlsx: { magic: ZIP },
  pptx: { magic: ZIP },
  odt: { magic: ZIP },
  ods: { magic: ZIP },
  odp: { magic: ZIP },
  doc: { magic: OLE },
  xls: { magic: OLE },
  ppt: { magic: OLE },
  zip: { magic: ZIP },
  gz: { magic: [[0x1f, 0x8b]] },
  tgz: { magic: [[0x1f, 0x8b]] },
  '7z': { magic: [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]] },
  woff: { magic: [[0x77, 0x4f, 0x46, 0x46]] },
  woff2: { magic: [[0x77, 0x4f, 0x46, 0x32]] },
  ttf: {
    magic: [
      [0x00, 0x01, 0x00, 0x00],
      [0x74, 0x72, 0x75, 0x65],
    ],
  },
  otf: { magic: [[0x4f, 0x54, 0x54, 0x4f]] },
  csv: TEXT,
  tsv: TEXT,
  txt: TEXT,
  json: TEXT,
  yaml: TEXT,
  yml: TEXT,
  xml: { xml: true },
};

/** The start of a document a browser would draw as a page if it guessed the type. */
const LOOKS_LIKE_HTML = /^\s*<(?:!doctype\s+html|html|head|body|script|iframe|svg|\?xml)[\s>/]/i;
/** What makes an XML document run script or draw as a page: XHTML, script, an XSLT stylesheet, event handlers. */
const ACTIVE_XML = /<\?xml-stylesheet|http:\/\/www\.w3\.org\/1999\/xhtml|<(?:[\w-]+:)?script[\s>/]|\son[a-z]+\s*=|<!ENTITY/i;

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.length <= bytes.length && magic.every((b, i) => b === -1 || bytes[i] === b);
}

/** The extension of a path, in lower case: `a/b.tar.gz` → `gz`. */
function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Why content/static may not publish the file at `path` with these bytes (its first bytes are
 * enough for a binary type; a text type is checked whole), or null when it may.
 */
export function refusedStaticFile(path: string, bytes: Uint8Array): string | null {
  if (/(^|\/)\.well-known\//.test(path)) return null;
  const ext = extensionOf(path);
  const kind = STATIC_TYPES[ext];
  if (!kind) {
    const allowed = Object.keys(STATIC_TYPES).join(', ');
    const runs = /^(?:html?|xhtml|xht|m?js|cjs|shtml|svgz|xsl|xslt|wasm|appcache|manifest|webmanifest)$/.test(ext);
    return `${ext ? `.${ext}` : 'a file without an extension'} is not a type content/static publishes${
      runs ? " (it would run on the site's origin)" : ''
    }; allowed: ${allowed}`;
  }
  if ('svg' in kind) return null; // checked element by element (check-svg.ts)
  if ('magic' in kind) {
    if (kind.magic.some((m) => startsWith(bytes, m))) return null;
    return `the content is not a .${ext} file (its first bytes are not those of the type): publish it under its real extension`;
  }
  const text = Buffer.from(bytes).toString('utf8');
  if ('xml' in kind) {
    const active = ACTIVE_XML.exec(text);
    return active ? `the XML has "${active[0].trim()}", which would run or draw as a page on the site's origin` : null;
  }
  return LOOKS_LIKE_HTML.test(text) ? `the .${ext} file is a web page or a drawing (it starts with markup), not a data file` : null;
}

/**
 * The published types a server sends as a download (`Content-Disposition: attachment`): a
 * document or an archive is saved, never opened as a page of the site (deploy/nginx/site.conf
 * names the same extensions).
 */
export const DOWNLOAD_EXTENSIONS: readonly string[] = [
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'doc',
  'xls',
  'ppt',
  'zip',
  'gz',
  'tgz',
  '7z',
  'csv',
  'tsv',
];

/** The Content-Disposition of a published file: `attachment` for a download type, none for the rest. */
export function contentDisposition(path: string): string | null {
  return DOWNLOAD_EXTENSIONS.includes(extensionOf(path)) ? 'attachment' : null;
}
