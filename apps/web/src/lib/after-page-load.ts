/**
 * Resolves once the page has loaded: what the first paint and the first data do not need
 * (realtime, the start-up health check) starts after them (issue 9).
 */
export function afterPageLoad(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, 0);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
}
