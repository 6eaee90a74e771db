import { grantPlanBodySchema } from '@nocturne/contract/admin/plan-grant';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../../components/text-limits';

/** The grant's body and the person it is for, as the operator names them (email or id). */
export const grantPlanFormSchema = grantPlanBodySchema.extend({ person: z.string() });

export type GrantPlanForm = UseFormReturn<
  z.input<typeof grantPlanFormSchema>,
  unknown,
  z.output<typeof grantPlanFormSchema>
>;

const reference = grantPlanBodySchema.shape.reference;
/** The reference's bounds, the contract's own. */
export const REFERENCE_MIN_LENGTH = reference.minLength ?? 3;
export const REFERENCE_MAX_LENGTH = reference.maxLength ?? 200;

/** What the form says when the contract refuses the reason or the reference: both limits. */
export const INVALID_GRANT_MESSAGE = `Write a reason (${REASON_MIN_LENGTH} to ${REASON_MAX_LENGTH} characters) and the provider’s reference (${REFERENCE_MIN_LENGTH} to ${REFERENCE_MAX_LENGTH} letters, digits or . : - / # _).`;
