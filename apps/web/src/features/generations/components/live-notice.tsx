import { useEffect, useState } from 'react';

/**
 * A notice read out when it appears: the status region is in the page before its words, which
 * arrive a moment later, so screen readers hear them even when the region mounts with its step.
 */
export function LiveNotice({ text }: { text: string }) {
  const [shown, setShown] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setShown(text), 0);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <p
      role="status"
      className="rounded-xl border border-glass-border bg-glass px-3 py-2 text-sm text-zinc-300 empty:hidden"
    >
      {shown}
    </p>
  );
}
