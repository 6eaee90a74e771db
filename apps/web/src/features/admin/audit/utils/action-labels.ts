import type { AdminAction } from '@nocturne/contract/admin/admin-actions';

/** Each audited action in the words an operator reads in the log. */
export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  credits_grant: 'Granted credits',
  credits_debit: 'Took credits',
  generation_suspend: 'Suspended generation',
  generation_restore: 'Restored generation',
  sessions_end: 'Ended all sessions',
  account_delete: 'Deleted the account',
  operator_add: 'Made an operator',
  operator_remove: 'Removed as operator',
  settings_update: 'Changed the generation switch',
  announcement_set: 'Set the announcement',
  landing_samples_set: 'Chose the landing samples',
  refusal_confirm: 'Confirmed a refusal',
  refusal_false_positive: 'Marked a refusal as a false positive',
  allowed_phrase_remove: 'Removed an allowed phrase',
  blocked_term_add: 'Added a blocked term',
  blocked_term_remove: 'Removed a blocked term',
  blocked_name_add: 'Added a blocked name',
  blocked_name_remove: 'Removed a blocked name',
  payment_reconcile: 'Reconciled a payment',
  plan_grant: 'Granted a plan by hand',
  model_enable: 'Enabled a model',
  model_disable: 'Disabled a model',
  model_pull: "Pulled a model's files",
};
