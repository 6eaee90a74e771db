import { z } from 'zod';

/** A credit pack for sale (spec §3: identified by package_id). Prices in USD. */
export const creditPackageSchema = z
  .object({
    package_id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    credits: z.number().int().positive(),
    price: z.number().positive(),
    currency: z.literal('usd'),
  })
  .meta({ id: 'CreditPackage' });
export type CreditPackage = z.infer<typeof creditPackageSchema>;

/** GET /api/v1/credits/packages: the packs on sale, smallest first. */
export const getCreditPackagesResponseSchema = z
  .object({ packages: z.array(creditPackageSchema) })
  .meta({ id: 'CreditPackages' });
export type GetCreditPackagesResponse = z.infer<typeof getCreditPackagesResponseSchema>;
