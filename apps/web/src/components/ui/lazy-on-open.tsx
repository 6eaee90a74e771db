import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A dialog (or menu) whose code, with Radix's, is fetched when it first opens rather than with
 * the page that renders it closed (issue 9: the signed-in first load; docs/decisions/025). Until
 * then it renders `fallback` (nothing for a dialog); once opened it stays mounted, so closing keeps
 * its state and its closing animation. `preload` fetches the code ahead, e.g. once the page is idle.
 */
export function lazyOnOpen<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
) {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));

  function LazyOnOpen(props: P) {
    const [mounted, setMounted] = useState(props.open);
    if (props.open && !mounted) setMounted(true);
    if (!mounted) return fallback(props);
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  }

  return Object.assign(LazyOnOpen, { preload: () => void load().catch(() => {}) });
}
