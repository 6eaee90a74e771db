import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onEnter` when the returned ref's element scrolls into view (infinite-scroll sentinel).
 * The observer is rebuilt whenever `enabled` turns on again, so a sentinel that is still visible
 * after a page loaded fires once more. Without IntersectionObserver nothing happens and the
 * caller's Load More button remains the way forward.
 */
export function useInView<T extends Element>(
  onEnter: () => void,
  { enabled, rootMargin = '240px' }: { enabled: boolean; rootMargin?: string },
) {
  const [node, setNode] = useState<T | null>(null);
  const onEnterRef = useRef(onEnter);
  useEffect(() => {
    onEnterRef.current = onEnter;
  }, [onEnter]);

  useEffect(() => {
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onEnterRef.current();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, enabled, rootMargin]);

  return setNode;
}
