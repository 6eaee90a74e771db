import { useEffect, useState } from 'react';

const APP_NAME = 'Nocturne';

function isHidden() {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

/** '42% · Generating — Nocturne' */
export function progressTitle(progress: number): string {
  return `${Math.round(progress)}% · Generating — ${APP_NAME}`;
}

/**
 * While a generation runs and the tab is in the background, the tab title shows its progress; the
 * page's own title comes back when the tab is shown again or the generation ends.
 */
export function useProgressTitle(progress: number | null) {
  const [hidden, setHidden] = useState(isHidden);
  useEffect(() => {
    const onChange = () => setHidden(isHidden());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  const showing = hidden && progress !== null;
  useEffect(() => {
    if (!showing) return;
    const original = document.title;
    return () => {
      document.title = original;
    };
  }, [showing]);
  useEffect(() => {
    if (showing && progress !== null) document.title = progressTitle(progress);
  }, [showing, progress]);
}
