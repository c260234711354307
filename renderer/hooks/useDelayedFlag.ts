import { useEffect, useState } from 'react';

/** True once `flag` has stayed true for `delay` ms (the progress bar waits 1000 ms). */
export function useDelayedFlag(flag: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [flag, delay]);
  return shown;
}
