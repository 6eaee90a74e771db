/** `id:credits:price,…` → the packs on sale, smallest first; undefined when malformed. */
export function parseCreditPackages(value: string) {
  const packages = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
    .map((item) => {
      const [packageId = '', credits = '', price = ''] = item.split(':');
      return { package_id: packageId, credits: Number(credits), price: Number(price) };
    });
  const valid = packages.every(
    (pack) =>
      /^[a-z0-9-]{1,40}$/.test(pack.package_id) &&
      Number.isInteger(pack.credits) &&
      pack.credits > 0 &&
      Number.isFinite(pack.price) &&
      pack.price > 0,
  );
  const ids = new Set(packages.map((pack) => pack.package_id));
  if (!valid || ids.size !== packages.length) return undefined;
  return packages
    .map((pack) => ({ ...pack, currency: 'usd' as const }))
    .sort((a, b) => a.credits - b.credits);
}
