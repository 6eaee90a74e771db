import { useCallback } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Puts `element` in the Tab order, named `label`, or takes it out. */
function markScrollable(element: HTMLElement, label: string, scrollable: boolean) {
  if (scrollable) {
    element.tabIndex = 0;
    element.setAttribute('role', 'region');
    element.setAttribute('aria-label', label);
  } else {
    element.removeAttribute('tabindex');
    element.removeAttribute('role');
    element.removeAttribute('aria-label');
  }
}

/**
 * A ref that lets the keyboard scroll a region whose content overflows it and holds nothing
 * focusable (an image's details on a phone): it then joins the Tab order (WCAG 2.1.1), and leaves
 * it again once it fits or gains a control. Rechecked whenever the region's size or content
 * changes. A ref callback rather than an effect: a dialog's portal mounts its body a render later.
 */
export function useKeyboardScrollable(label: string) {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element || typeof ResizeObserver === 'undefined') return;
      const update = () =>
        markScrollable(
          element,
          label,
          element.scrollHeight > element.clientHeight && !element.querySelector(FOCUSABLE),
        );
      const resizes = new ResizeObserver(update);
      const observeAll = () => {
        resizes.observe(element);
        for (const child of element.children) resizes.observe(child);
      };
      const changes = new MutationObserver(() => {
        observeAll();
        update();
      });
      changes.observe(element, { childList: true, subtree: true });
      observeAll();
      update();
      return () => {
        resizes.disconnect();
        changes.disconnect();
      };
    },
    [label],
  );
}
