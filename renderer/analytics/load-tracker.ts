/**
 * The tracker of the configured analytics service, loaded once per page life (its code is a
 * separate chunk) and shared by the page views and the events (the feedback widget).
 */
import type { Analytics } from '@vitrina-docs/schemas';
import type { Tracker } from './providers.ts';

let loaded: { key: string; tracker: Promise<Tracker | null> } | null = null;

export function loadTracker(config: Analytics): Promise<Tracker | null> {
  if (config.provider === 'none') return Promise.resolve(null);
  const key = JSON.stringify(config);
  if (loaded?.key !== key) loaded = { key, tracker: import('./providers.ts').then((m) => m.createTracker(config)) };
  return loaded.tracker;
}
