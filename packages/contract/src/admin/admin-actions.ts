import { z } from 'zod';
import { textWithoutBidiControls } from '../text/bidi-controls';

/** What an audit row records an operator did (docs/operators.md lists each with its route). */
export const ADMIN_ACTIONS = [
  'credits_grant',
  'credits_debit',
  'generation_suspend',
  'generation_restore',
  'sessions_end',
  'account_delete',
  'operator_add',
  'operator_remove',
  'settings_update',
  'announcement_set',
  'landing_samples_set',
  'refusal_confirm',
  'refusal_false_positive',
  'allowed_phrase_remove',
  'blocked_term_add',
  'blocked_term_remove',
  'blocked_name_add',
  'blocked_name_remove',
  'payment_reconcile',
  'plan_grant',
  'model_enable',
  'model_disable',
  'model_pull',
  'shared_wildcard_set',
  'shared_wildcard_remove',
  'api_key_create',
  'api_key_revoke',
  'api_key_revoke_by_operator',
] as const;

export const adminActionSchema = z.enum(ADMIN_ACTIONS);

export type AdminAction = z.infer<typeof adminActionSchema>;

/**
 * Why an operator acted: required on every action that changes a person's account. Other
 * operators read it in the audit, and the person in their export.
 */
export const adminReasonSchema = textWithoutBidiControls('reason').trim().min(3).max(500);
