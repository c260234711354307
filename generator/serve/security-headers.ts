/**
 * The security headers of every response, the same as the production server sends
 * (deploy/nginx/security-headers.conf; a test keeps the two equal): `preview` and `dev` show the
 * site under the same Content-Security-Policy, so that what works there works in production, and
 * a file opened on its own (an SVG) runs no script there either.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'sha256-vtpgR2oALtq8RXqliHm5PNduY+1kC1rP2oAQDQKFdok=' https://mc.yandex.ru https://mc.yandex.com https://www.googletagmanager.com; style-src 'self'; img-src 'self' data: https://mc.yandex.ru https://mc.yandex.com https://www.google-analytics.com https://*.google-analytics.com https://www.googletagmanager.com; connect-src 'self' https://mc.yandex.ru https://mc.yandex.com https://www.google-analytics.com https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
};
