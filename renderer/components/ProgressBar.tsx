import { useDelayedFlag } from '../hooks/useDelayedFlag.ts';

/** A bar at the top of the window, shown only when a route takes longer than a second to load. */
export function ProgressBar({ loading }: { loading: boolean }) {
  const shown = useDelayedFlag(loading, 1000);
  return <div className="progress-bar" data-shown={shown || undefined} aria-hidden="true" />;
}
