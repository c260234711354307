/** fetch() for JSON that keeps the HTTP status on failure (404/410 mean "gone after a deploy"). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`HTTP ${status} ${url}`);
    this.name = 'HttpError';
  }
}

export function isGone(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 404 || error.status === 410);
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin', ...init });
  if (!response.ok) throw new HttpError(response.status, url);
  return (await response.json()) as T;
}

export async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new HttpError(response.status, url);
  return response.text();
}
