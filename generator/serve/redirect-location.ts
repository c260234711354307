/**
 * The `Location` of a redirect that `preview` and `dev` send (`/docs/a/` → `/docs/a`): a path of
 * this site only, percent-encoded. A path that a browser would read as another host (`//host`,
 * `/\host`, a tab or a line break that it drops) or that a header cannot carry (CR, LF,
 * characters above U+00FF) gets no redirect: the servers answer it as not found, as nginx does.
 */

/** Backslash, white space and control characters: browsers drop or reinterpret them in a URL. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\\s\u0000-\u001f\u007f-\u009f]/u;

/** The query of a request as the URL parser serialised it (percent-encoded), or nothing if it is not plain ASCII. */
export function plainQuery(search: string): string {
  return /^\?[\x21-\x7e]*$/.test(search) ? search : '';
}

/** The Location for a redirect to the decoded site path `path`, with the request's query; null when none may be sent. */
export function redirectLocation(path: string, search = ''): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || UNSAFE.test(path)) return null;
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return encoded + plainQuery(search);
}
