/**
 * The last resort of stale-deploy recovery: one full reload of a path, never a loop.
 * The mark lives in sessionStorage and is cleared once the path has loaded fine.
 */
const KEY = 'vitrina:reloaded';

export function reloadOnce(path: string): boolean {
  try {
    if (sessionStorage.getItem(KEY) === path) return false;
    sessionStorage.setItem(KEY, path);
  } catch {
    return false;
  }
  location.reload();
  return true;
}

export function clearReloadMark(path: string): void {
  try {
    if (sessionStorage.getItem(KEY) === path) sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}
