/** The product's name, the end of every page's title and the whole of the landing's. */
export const PRODUCT_TITLE = 'Nocturne — AI image studio';

interface TitleHandle {
  title: string;
}

/** A route's `handle` naming its page, so each route has its own document title. */
export function routeTitle(title: string): { handle: TitleHandle } {
  return { handle: { title } };
}

/** The document title a page named `title` gets: its name first, then the product's. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} — Nocturne` : PRODUCT_TITLE;
}

/** The title a route's `handle` names, if it names one. */
export function titleOf(handle: unknown): string | undefined {
  return typeof handle === 'object' && handle !== null && 'title' in handle
    ? String((handle as TitleHandle).title)
    : undefined;
}
