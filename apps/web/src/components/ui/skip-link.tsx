import type { MouseEvent } from 'react';

/** The id of the page's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the keyboard on every page of the app and the console (WCAG 2.4.1): hidden
 * until focused, it moves focus past the header and navigation to the page's main region. Focus
 * is moved by hand so the router's location (and its hash) stays as it is.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  }
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="sr-only z-50 rounded-xl bg-night-800 px-4 py-3 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
