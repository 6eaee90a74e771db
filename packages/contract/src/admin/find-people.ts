import { z } from 'zod';

export const PEOPLE_PAGE_MAX = 100;

/** GET /api/v1/admin/users?q=: by email or username (any part, any case) or exact id. */
export const findPeopleQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(PEOPLE_PAGE_MAX).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export type FindPeopleQuery = z.infer<typeof findPeopleQuerySchema>;

export const personSummarySchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    emailVerified: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    balance: z.number().int().nonnegative(),
    /** The plan as stored (`monthly`, `lifetime`), null without one. */
    plan: z.string().nullable(),
    generationSuspended: z.boolean(),
  })
  .meta({ id: 'AdminPersonSummary' });

export type PersonSummary = z.infer<typeof personSummarySchema>;

export const findPeopleResponseSchema = z.object({
  people: z.array(personSummarySchema),
  total: z.number().int().nonnegative(),
});

export type FindPeopleResponse = z.infer<typeof findPeopleResponseSchema>;

export const personIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
