import { createRequire } from 'node:module';
import { sha } from '../hash.ts';
import { apiFileUrls } from './api-files.ts';
import type { OpenApiDescription } from './load-openapi.ts';

let converter: string | null = null;

/** The installed openapi-to-postmanv2's version (read from its package.json, without loading the converter). */
function converterVersion(): string {
  converter ??= String((createRequire(import.meta.url)('openapi-to-postmanv2/package.json') as { version?: unknown }).version);
  return converter;
}

/**
 * What a description's Postman files are made from, as a key: the description's text, version and
 * server, the converter's version and `code` (a hash of the generator's code that makes them).
 * A build keeps the files of the previous output made with the same key instead of converting
 * again (loading the converter alone takes longer than the rest of a warm build's API work).
 */
export function postmanKey(api: OpenApiDescription, code: string): { key: string; files: string[] } {
  const urls = apiFileUrls(api.version);
  return {
    key: sha('postman', code, converterVersion(), api.version, api.serverUrl, api.text),
    files: [urls.collection.slice(1), urls.environment.slice(1)],
  };
}
