import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { documentTitle, titleOf } from './route-handle';

/**
 * Sets the document title from the deepest matched route that names one, so a screen reader
 * announces where a navigation landed and every tab says which page it holds. `title` overrides
 * the route's, for a layout that shows another page in its place (the console's not-found).
 */
export function RouteTitle({ title: override }: { title?: string }) {
  const matches = useMatches();
  const title =
    override ??
    matches
      .map((match) => titleOf(match.handle))
      .filter(Boolean)
      .at(-1);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}
