/**
 * The pseudo-inverse Mᵀ(MMᵀ)⁻¹ of a 3×4 matrix `mix` that turns four latent channels into RGB
 * (one row a colour): the 4×3 matrix (one row a channel) that takes a colour back to the channels
 * it came from, as nearly as three colours can say. MMᵀ is symmetric, so its inverse is its
 * cofactors over its determinant, with no transpose.
 */
export function pseudoInverse3x4(mix: readonly (readonly number[])[]): number[][] {
  const m = [0, 1, 2].map((a) =>
    [0, 1, 2].map((b) => [0, 1, 2, 3].reduce((sum, i) => sum + mix[a]![i]! * mix[b]![i]!, 0)),
  );
  const at = (r: number, c: number) => m[r % 3]![c % 3]!;
  const det =
    at(0, 0) * (at(1, 1) * at(2, 2) - at(1, 2) * at(2, 1)) -
    at(0, 1) * (at(1, 0) * at(2, 2) - at(1, 2) * at(2, 0)) +
    at(0, 2) * (at(1, 0) * at(2, 1) - at(1, 1) * at(2, 0));
  const inv = (r: number, c: number) =>
    (at(c + 1, r + 1) * at(c + 2, r + 2) - at(c + 1, r + 2) * at(c + 2, r + 1)) / det;
  return [0, 1, 2, 3].map((i) =>
    [0, 1, 2].map((c) => [0, 1, 2].reduce((sum, o) => sum + mix[o]![i]! * inv(o, c), 0)),
  );
}
