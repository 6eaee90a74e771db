/**
 * The locale and the moment a server-rendered page was rendered with (docs/decisions/034). While
 * that page is hydrated, numbers and countdowns are formatted from these rather than from the
 * browser's own locale and clock, so the first client render is exactly the server's markup (a
 * difference would make React throw the markup away). Null outside that first render.
 */
export interface FirstRender {
  locale: string;
  now: number;
}

let current: FirstRender | null = null;

/** The server: renders synchronously inside, so requests rendered one after another never mix. */
export function withFirstRender<T>(value: FirstRender, render: () => T): T {
  current = value;
  try {
    return render();
  } finally {
    current = null;
  }
}

/** The client: set before hydrating; `endFirstRender` once hydration has committed. */
export function startFirstRender(value: FirstRender): void {
  current = value;
}

export function endFirstRender(): void {
  current = null;
}

/** The locale to format with: the server's during the first render, else the browser's default. */
export function renderLocale(): string | undefined {
  return current?.locale;
}

/** The current time, or the server's rendering time during the first render. */
export function renderNow(): Date {
  return new Date(current?.now ?? Date.now());
}
