/** What the keyboard may reach with Tab, before the checks of `canTakeFocus`. */
const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]';

function canTakeFocus(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.matches(':disabled')) return false;
  if (element.closest('[hidden], [inert], [aria-hidden="true"]')) return false;
  // Browsers tell whether it is drawn (display, content-visibility); test DOMs do not.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/**
 * Moves focus from `from` to the next control in Tab order within the dialog it is in (or the
 * page), or to the one before when it is the last: where a person goes on from a control about to
 * be disabled under their focus, which would otherwise drop focus to the page. Returns the control
 * now focused, or null when there is none.
 */
export function focusNextControl(from: HTMLElement): HTMLElement | null {
  const scope = from.closest<HTMLElement>('[role="dialog"]') ?? document.body;
  const controls = [...scope.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (control) => control === from || canTakeFocus(control),
  );
  const at = controls.indexOf(from);
  const target = (at >= 0 && (controls[at + 1] ?? controls[at - 1])) || null;
  target?.focus();
  return target;
}
