/**
 * The index of the tile nearest horizontally in the row below (`direction` 1) or above (-1)
 * tile `from`, by the tiles' boxes on screen; `from` itself when there is no such row.
 */
export function tileInNextRow(
  tiles: (HTMLElement | null)[],
  from: number,
  direction: 1 | -1,
): number {
  const origin = tiles[from]?.getBoundingClientRect();
  if (!origin) return from;
  const centre = (box: DOMRect) => box.left + box.width / 2;
  let rowTop: number | undefined;
  let best = from;
  let bestDistance = Infinity;
  for (let index = from + direction; index >= 0 && index < tiles.length; index += direction) {
    const box = tiles[index]?.getBoundingClientRect();
    if (!box) continue;
    const beyond = direction === 1 ? box.top > origin.top + 1 : box.top < origin.top - 1;
    if (!beyond) continue;
    rowTop ??= box.top;
    if (Math.abs(box.top - rowTop) > 1) break;
    const distance = Math.abs(centre(box) - centre(origin));
    if (distance < bestDistance) [best, bestDistance] = [index, distance];
  }
  return best;
}
