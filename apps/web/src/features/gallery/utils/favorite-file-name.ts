/** Spec §9 download name of a favorite. */
export function favoriteFileName(id: string): string {
  return `favorite-${id}.png`;
}
