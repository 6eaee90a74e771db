/** Shown only on the first load, while the first page's chunk arrives: the bare night backdrop. */
export function InitialLoadFallback() {
  return <div aria-busy="true" className="min-h-dvh" />;
}
