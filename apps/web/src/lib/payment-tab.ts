/**
 * A tab for the payment provider's invoice page, opened while the click is still being handled
 * (browsers allow pop-ups only then) and sent to the invoice once the API has created it.
 */
export interface PaymentTab {
  /** Sends the tab to `url`; false when there is no tab (blocked or closed by the person). */
  send: (url: string) => boolean;
  /** Closes the blank tab, e.g. when creating the invoice failed. */
  close: () => void;
}

/** Call synchronously inside the click handler, before awaiting anything. */
export function openPaymentTab(): PaymentTab {
  // 'noopener' would make window.open return null, so the opener link is cut by hand instead.
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    send(url) {
      if (!tab || tab.closed) return false;
      tab.location.href = url;
      return true;
    },
    close() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
