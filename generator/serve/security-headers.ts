/**
 * The security headers of every response, the same as the production server sends: `preview`
 * and `dev` show the site under the same headers and Content-Security-Policy, so that what
 * works there works in production, and a file opened on its own (an SVG) runs no script there
 * either.
 *
 * nginx sends SECURITY_HEADERS from deploy/nginx/security-headers.conf (a test keeps the two
 * equal) and the CSP that the build wrote for it (dist/_deploy/nginx/csp.conf): the policy
 * allows the inline colour-mode script and the inline stylesheet by their hashes, which change
 * with the code. `preview` reads the same file from the folder it serves.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CSP_CONF } from '../prerender.ts';
import { contentSecurityPolicy } from '../publish/csp.ts';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
};

/**
 * The policy of `dev`: its pages link their stylesheets, and carry the renderer's inline scripts
 * (colour mode, announcement, the client's loader), allowed by the hashes its entry exports.
 */
export function devPolicy(scriptHashes: readonly string[], api: readonly string[] = []): string {
  return contentSecurityPolicy({ scripts: [...scriptHashes], styles: [], api: [...api] });
}

/** The policy a build wrote for nginx, from the built folder; the strictest one (no inline code) when there is none. */
export function builtSitePolicy(dir: string): string {
  try {
    const conf = readFileSync(join(dir, CSP_CONF), 'utf8');
    const policy = /Content-Security-Policy "([^"]*)"/.exec(conf)?.[1];
    if (policy) return policy;
  } catch {
    // not a built site (or an older one): no inline code is allowed
  }
  return contentSecurityPolicy({ scripts: [], styles: [] });
}

/**
 * A diagram opened on its own (`/img/….svg`, a tap on a figure opens it) may apply its own
 * <style>, which draws its dark variant, and nothing else (deploy/nginx/site.conf says the same).
 */
export const DIAGRAM_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

/** The policy of a path: the diagrams' own, or the site's. */
export function policyFor(path: string, sitePolicy: string): string {
  return /^\/img\/.+\.svg$/i.test(path) ? DIAGRAM_POLICY : sitePolicy;
}

/** Every security header, with the given Content-Security-Policy. */
export function securityHeaders(policy: string): Record<string, string> {
  return { 'content-security-policy': policy, ...SECURITY_HEADERS };
}
