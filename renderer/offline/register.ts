/**
 * Registers the site's service worker (loaded lazily by the browser entry, after `load`, in
 * idle time). The worker keeps the offline sidebars of the locales this browser has read
 * (`/sw.js?locales=en,ru`): the first locale on the first visit, and another one as soon as the
 * reader opens a page in it (the new registration precaches it in the background). Every call
 * also makes the browser check /sw.js for a new deploy.
 */
import type { LocaleCode } from '@vitrina-docs/schemas';
import type { Router } from '../router/router.ts';

const KEY = 'vitrina:offline-locales';

function storedLocales(): LocaleCode[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((l): l is LocaleCode => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

function register(url: string, locales: LocaleCode[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(locales));
  } catch {
    /* storage unavailable: the locales are named in the worker's URL all the same */
  }
  navigator.serviceWorker
    .register(`${url}?locales=${locales.join(',')}`, { scope: '/', updateViaCache: 'none' })
    .catch((error: unknown) => console.warn('vitrina-docs: offline reading is not available', error));
}

/**
 * `<html data-offline-kept>` while the worker that controls the page (an active worker: its
 * precache is complete) keeps the shown locale; CSS then shows the pages' offline mark.
 */
function markKept(router: Router): void {
  const url = navigator.serviceWorker.controller?.scriptURL;
  const kept = url ? (new URL(url).searchParams.get('locales') ?? '').split(',') : [];
  document.documentElement.toggleAttribute('data-offline-kept', kept.includes(router.getState().locale));
}

export function keepOffline(url: string, router: Router): void {
  const mark = () => markKept(router);
  mark();
  navigator.serviceWorker.addEventListener('controllerchange', mark);
  router.subscribe(mark);
  let locales = storedLocales();
  const follow = () => {
    const locale = router.getState().locale;
    const next = locales.includes(locale) ? locales : [...locales, locale].sort();
    if (next === locales && locales.length) return;
    locales = next;
    register(url, locales);
  };
  // This page's locale, or the worker's check for a new deploy with the same locales.
  if (locales.includes(router.getState().locale)) register(url, locales);
  else follow();
  router.subscribe(follow);
}
