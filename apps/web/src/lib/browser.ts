/**
 * Page-level browser effects behind one seam, so the app's callers stay readable and tests can
 * observe them (`vi.spyOn(browser, 'reload')`): jsdom's `window.location` cannot be spied on.
 */
export const browser = {
  reload: (): void => window.location.reload(),
  replace: (url: string): void => window.location.replace(url),
  assign: (url: string): void => window.location.assign(url),
  closeWindow: (): void => window.close(),
  /** False after closeWindow when the browser refused: scripts may only close tabs they opened. */
  isWindowClosed: (): boolean => window.closed,
};
