import { grantPlanBodySchema } from '@nocturne/contract/admin/plan-grant';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/** The grant's body and the person it is for, as the operator names them (email or id). */
export const grantPlanFormSchema = grantPlanBodySchema.extend({ person: z.string() });

export type GrantPlanForm = UseFormReturn<
  z.input<typeof grantPlanFormSchema>,
  unknown,
  z.output<typeof grantPlanFormSchema>
>;

/** What the form says when the contract refuses the reason or the reference. */
export const INVALID_GRANT_MESSAGE =
  'Write a reason (3 to 500 characters) and the provider’s reference (3 to 200 letters, digits or . : - / # _).';
