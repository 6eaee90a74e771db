import { useEffect, useRef, type RefObject } from 'react';

const CONTROLS = 'input, textarea, select, button, a[href]';

/**
 * Keeps focus in an inline panel whose steps replace each other: when `step` changes and focus
 * has fallen to the page (the control that held it is gone), the new step's first control takes
 * it, or the panel itself. A step that focuses its own field (autoFocus) is left alone.
 */
export function useFocusOnStep(step: string, panel: RefObject<HTMLElement | null>) {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const container = panel.current;
    const active = document.activeElement;
    if (!container || (active && active !== document.body && container.contains(active))) return;
    const control = container.querySelector<HTMLElement>(CONTROLS);
    (control ?? container).focus();
  }, [step, panel]);
}
