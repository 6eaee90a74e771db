/** The topmost dialog open when another opens over it: where focus goes back if the opener is gone. */
export function dialogUnderneath(opening: HTMLElement | null): HTMLElement | null {
  const open = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(
    (dialog) => dialog !== opening && dialog.isConnected,
  );
  return open.at(-1) ?? null;
}

/**
 * Gives focus back when a dialog closes: to the element focused when it opened, while that is
 * still on the page and usable; otherwise (the element is gone, disabled, or focus was on the
 * page itself, as when a dialog opens by a timer) to the dialog that was open underneath it when
 * it opened, if that one is still open, so the next Tab stays in what the person sees.
 */
export function restoreFocus(opener: HTMLElement | null, underneath: HTMLElement | null) {
  if (opener?.isConnected && opener !== document.body && !opener.matches(':disabled')) {
    opener.focus();
    return;
  }
  if (underneath?.isConnected) underneath.focus();
}
