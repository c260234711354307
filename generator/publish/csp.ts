/**
 * The Content-Security-Policy of the site. The prerendered pages carry inline code that the
 * policy allows by its sha256 hash only: the colour-mode script and the site's stylesheet
 * (inline, so that the first paint waits for no request). Both hashes change with the code, so
 * the build writes the nginx directive itself (`_deploy/nginx/csp.conf` in the output), which
 * deploy/nginx/security-headers.conf includes.
 */
import { createHash } from 'node:crypto';

/** `'sha256-…'` of an inline script or style, as CSP writes it. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** Analytics: Yandex Metrica and Google Analytics 4, whichever content/site.yaml configures. */
const ANALYTICS = {
  script: ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://www.googletagmanager.com'],
  img: [
    'https://mc.yandex.ru',
    'https://mc.yandex.com',
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://www.googletagmanager.com',
  ],
  connect: [
    'https://mc.yandex.ru',
    'https://mc.yandex.com',
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
};

/**
 * Where the "Try it" console of API method pages may send requests besides the descriptions'
 * servers: a mock of the description running on the reader's own machine (Prism listens on
 * 127.0.0.1:4010 by default; any port, since the reader chooses it). Loopback reaches only the
 * reader's computer, so allowing it lets no page data leave it.
 */
export const LOCAL_API_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*'];

/** The origin of each server URL, once each, for `connect-src` (https ones only: the site is served over https). */
export function apiOrigins(serverUrls: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of serverUrls) {
    try {
      const u = new URL(url);
      if (u.protocol === 'https:') origins.add(u.origin);
    } catch {
      // a relative or templated server URL: same origin, or nothing the console can call
    }
  }
  return [...origins].sort();
}

export function contentSecurityPolicy(inline: { scripts: string[]; styles: string[]; api?: string[] }): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline.scripts, ...ANALYTICS.script].join(' '),
    ["style-src 'self'", ...inline.styles].join(' '),
    ["img-src 'self' data:", ...ANALYTICS.img].join(' '),
    ["connect-src 'self'", ...ANALYTICS.connect, ...(inline.api ?? []), ...LOCAL_API_ORIGINS].join(' '),
    "font-src 'self'",
    // The service worker (/sw.js) and nothing else may run as a worker.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The nginx directive for deploy/nginx/security-headers.conf to include. */
export function nginxCspDirective(policy: string): string {
  return `# Written by \`vitrina-docs build\`: copy it to the nginx configuration folder (beside
# security-headers.conf) with every deploy of this build, then reload nginx.
add_header Content-Security-Policy "${policy}" always;
`;
}
