import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { adminReasonSchema } from '@nocturne/contract/admin/admin-actions';
import {
  ADMIN_CREDIT_CHANGE_MAX,
  adjustPersonCreditsBodySchema,
} from '@nocturne/contract/admin/person-actions';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { isApiError } from '../../../../lib/api-client';
import { fieldProps } from '../../../../lib/forms/field-props';
import { useAdjustCredits } from '../api/person-actions';
import { formatCredits } from '../utils/person-labels';
import { REASON_MESSAGES } from '../utils/reason-form';
import { ReasonDialog } from './reason-dialog';

const directions = [
  { value: 'grant', label: 'Grant credits' },
  { value: 'take', label: 'Take credits away' },
] as const;

/** How many credits, as typed: a whole number up to the API's bound. */
const creditAmountSchema = z
  .string()
  .trim()
  .transform(Number)
  .pipe(z.number().int().min(1).max(ADMIN_CREDIT_CHANGE_MAX));

/** The dialog's fields, read as the contract's signed amount and reason. */
const creditsFormSchema = z
  .object({
    direction: z.enum(['grant', 'take']),
    amount: creditAmountSchema,
    reason: adminReasonSchema,
  })
  .transform(({ direction, amount, reason }) => ({
    amount: direction === 'grant' ? amount : -amount,
    reason,
  }))
  .pipe(adjustPersonCreditsBodySchema);

/** Grant or take credits: a whole number up to the API's bound, and why. */
export function CreditsDialog({
  userId,
  balance,
  onClose,
  onDone,
}: {
  userId: string;
  balance: number;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(creditsFormSchema, REASON_MESSAGES),
    defaultValues: { direction: 'grant' as 'grant' | 'take', amount: '', reason: '' },
  });
  const direction = useWatch({ control: form.control, name: 'direction' });
  const amount = useWatch({ control: form.control, name: 'amount' });
  // The button waits for an amount, which is checked as it is typed.
  const amountOk = creditAmountSchema.safeParse(amount).success;
  const adjust = useAdjustCredits(userId);
  const submit = form.handleSubmit((change) =>
    adjust.mutate(change, {
      onSuccess: ({ balance: next }) =>
        onDone(
          `${change.amount > 0 ? 'Granted' : 'Took'} ${formatCredits(Math.abs(change.amount))} credits. Balance now ${formatCredits(next)}.`,
        ),
    }),
  );

  return (
    <ReasonDialog
      open
      onClose={onClose}
      title="Grant or take credits"
      description={`Their balance is ${formatCredits(balance)} credits. Their open pages show the change at once.`}
      submitLabel={direction === 'grant' ? 'Grant' : 'Take away'}
      danger={direction === 'take'}
      ready={amountOk}
      pending={adjust.isPending}
      error={adjust.error}
      describeError={(error) =>
        isApiError(error) && error.code === 'INSUFFICIENT_CREDITS'
          ? `They have ${formatCredits(balance)} credits: a debit cannot take the balance below zero.`
          : undefined
      }
      reason={fieldProps(form, 'reason')}
      onSubmit={submit}
    >
      <Select label="Action" options={directions} {...fieldProps(form, 'direction')} />
      <Input
        label="Amount"
        inputMode="numeric"
        data-autofocus
        hint={`A whole number from 1 to ${formatCredits(ADMIN_CREDIT_CHANGE_MAX)}.`}
        {...form.register('amount')}
        error={amount && !amountOk ? 'Enter a whole number of credits.' : undefined}
      />
    </ReasonDialog>
  );
}
