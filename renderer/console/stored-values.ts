/**
 * What the console keeps between pages: the API key in sessionStorage only (this tab, until it
 * closes; never in the address, never in analytics), the local mock's address in localStorage.
 * Storage that is unavailable (private modes, blocked cookies) keeps nothing.
 */
const KEY = 'vitrina-docs:api-key';
const MOCK_URL = 'vitrina-docs:api-mock-url';

/** Prism's own default address (`prism mock` listens on 127.0.0.1:4010). */
export const DEFAULT_MOCK_URL = 'http://127.0.0.1:4010';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    if (value) storage().setItem(key, value);
    else storage().removeItem(key);
  } catch {
    // nothing kept
  }
}

export const storedKey = () => read(() => sessionStorage, KEY) ?? '';
export const storeKey = (value: string) => write(() => sessionStorage, KEY, value);
export const storedMockUrl = () => read(() => localStorage, MOCK_URL) ?? DEFAULT_MOCK_URL;
export const storeMockUrl = (value: string) => write(() => localStorage, MOCK_URL, value === DEFAULT_MOCK_URL ? '' : value);

const LANGUAGE = 'vitrina-docs:sample-language';

/** The language of the request samples the reader chose last, on any page. */
export const storedLanguage = () => read(() => localStorage, LANGUAGE);
export const storeLanguage = (value: string) => write(() => localStorage, LANGUAGE, value);
