import { z } from 'zod';

const isoDate = z.iso.datetime({ offset: true });

/** Spec §3 user stats, computed by the server in one call. */
export const userStatsSchema = z
  .object({
    totalGenerations: z.number().int().nonnegative(),
    completedGenerations: z.number().int().nonnegative(),
    /** Failed ones, without those the person cancelled. */
    failedGenerations: z.number().int().nonnegative(),
    /** Cancelled by the person (failed with the cancel reason), counted apart from failures. */
    cancelledGenerations: z.number().int().nonnegative(),
    totalFavorites: z.number().int().nonnegative(),
    /** Credits spent: debits minus refunds in the ledger (grants do not count). */
    creditsUsed: z.number().int().nonnegative(),
    joinDate: isoDate,
  })
  .meta({ id: 'UserStats' });

export type UserStats = z.infer<typeof userStatsSchema>;

/** GET /api/v1/profile: the caller's own profile with their stats. */
export const profileSchema = z
  .object({
    name: z.string(),
    /** Null until the person picks one. */
    username: z.string().nullable(),
    email: z.string(),
    emailVerified: z.boolean(),
    joinDate: isoDate,
    stats: userStatsSchema,
    /** Whether a sign-in asks for a code from an authenticator app after the password. */
    twoFactorEnabled: z.boolean(),
    /** Present (true) for operators only: nobody else learns the console exists. */
    isOperator: z.literal(true).optional(),
  })
  .meta({ id: 'Profile' });

export type Profile = z.infer<typeof profileSchema>;

export const getProfileResponseSchema = profileSchema;
