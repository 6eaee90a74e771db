import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * For a dialog opened over another one (the upgrade modal over the generation modal): Escape and
 * Tab are handled here in the capture phase and stopped, so the dialog underneath neither closes
 * nor pulls focus back into itself.
 */
export function useTopmostDialogKeys(
  insideRef: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
) {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  });

  useEffect(() => {
    if (!active) return;
    function onKeyDown(event: KeyboardEvent) {
      const panel = insideRef.current?.closest<HTMLElement>('[role="dialog"]');
      if (!panel || (event.key !== 'Escape' && event.key !== 'Tab')) return;
      event.stopImmediatePropagation();
      event.preventDefault();
      if (event.key === 'Escape') {
        onEscapeRef.current();
        return;
      }
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const index = items.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey
        ? index <= 0
          ? items.length - 1
          : index - 1
        : index === -1 || index === items.length - 1
          ? 0
          : index + 1;
      items[next]?.focus();
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [active, insideRef]);
}
