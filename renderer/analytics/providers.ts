/**
 * The third-party analytics services the site supports. Each loads its script without
 * blocking (async, after hydration) and is told of every page view explicitly: automatic
 * page views are switched off so that one route change is exactly one event.
 */
import type { Analytics } from '@vitrina-docs/schemas';

type Queue = ((...args: unknown[]) => void) & { a?: unknown[]; l?: number };
type AnalyticsWindow = Window & { ym?: Queue; dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

export interface PageView {
  url: string;
  title: string;
  referrer: string;
}

/** Parameters of an event: flat, short values (GA4 keeps at most 100 characters of each). */
export type EventParams = Record<string, string>;

export interface Tracker {
  pageView(view: PageView): void;
  /** A custom event: a Metrica goal (reachGoal, with the parameters) or a GA4 event. */
  event(name: string, params: EventParams): void;
}

/** A service: sends a page view (`viewedAt` marks one made offline and sent later, its time in ISO 8601) and events. */
interface Service {
  pageView(view: PageView, viewedAt?: string): void;
  event(name: string, params: EventParams): void;
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

export const YANDEX_METRICA_SCRIPT = 'https://mc.yandex.ru/metrika/tag.js';
export const GA4_SCRIPT = 'https://www.googletagmanager.com/gtag/js';

function yandexMetrica(id: string): Service {
  const w = window as AnalyticsWindow;
  const id_ = Number(id);
  w.ym ??= Object.assign(
    function ym(...args: unknown[]) {
      (w.ym!.a ??= []).push(args);
    },
    { l: Date.now() },
  );
  w.ym(id_, 'init', { defer: true, clickmap: true, trackLinks: true, accurateTrackBounce: true });
  addScript(YANDEX_METRICA_SCRIPT);
  return {
    pageView: ({ url, title, referrer }, viewedAt) =>
      w.ym?.(id_, 'hit', url, { title, referer: referrer, ...(viewedAt ? { params: { offline_view: viewedAt } } : {}) }),
    event: (name, params) => w.ym?.(id_, 'reachGoal', name, params),
  };
}

function ga4(id: string): Service {
  const w = window as AnalyticsWindow;
  w.dataLayer ??= [];
  // gtag.js reads Arguments objects from the data layer, not arrays.
  w.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', id, { send_page_view: false });
  addScript(`${GA4_SCRIPT}?id=${encodeURIComponent(id)}`);
  return {
    pageView: ({ url, title, referrer }, viewedAt) =>
      w.gtag?.('event', 'page_view', {
        page_location: url,
        page_title: title,
        page_referrer: referrer,
        send_to: id,
        ...(viewedAt ? { offline_view: viewedAt } : {}),
      }),
    event: (name, params) => w.gtag?.('event', name, { ...params, send_to: id }),
  };
}

/** Where page views made offline wait: the newest MAX_QUEUED, for at most MAX_AGE_MS. */
export const OFFLINE_QUEUE_KEY = 'vitrina:offline-views';
const MAX_QUEUED = 200;
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

type QueuedView = PageView & { at: number };

function readQueue(): QueuedView[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY) ?? '[]');
    return Array.isArray(value) ? (value as QueuedView[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: QueuedView[]): void {
  try {
    if (queue.length) localStorage.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(queue.slice(-MAX_QUEUED)));
    else localStorage.removeItem(OFFLINE_QUEUE_KEY);
  } catch {
    /* storage full or unavailable: the view is dropped */
  }
}

/**
 * Page views made offline (read from pages the service worker keeps) are queued in
 * localStorage, not sent into a network that is not there, and sent once the browser is back
 * online — in this tab or the next visit — each marked with the time it was made (`offline_view`).
 */
function queuedOffline(service: Service): Tracker {
  const send = service.pageView;
  const flush = () => {
    const queue = readQueue();
    if (!queue.length || !navigator.onLine) return;
    writeQueue([]);
    const oldest = Date.now() - MAX_AGE_MS;
    for (const { at, ...view } of queue) if (at >= oldest) send(view, new Date(at).toISOString());
  };
  addEventListener('online', flush);
  flush();
  return {
    pageView: (view) => {
      if (navigator.onLine) send(view);
      else writeQueue([...readQueue(), { ...view, at: Date.now() }]);
    },
    event: service.event,
  };
}

/** The tracker of the configured service, or null when there is none. */
export function createTracker(config: Analytics): Tracker | null {
  switch (config.provider) {
    case 'none':
      return null;
    case 'yandex-metrica':
      return queuedOffline(yandexMetrica(config.id));
    case 'ga4':
      return queuedOffline(ga4(config.id));
  }
}
