import { useState } from 'react';
import { ADMIN_CREDIT_CHANGE_MAX } from '@nocturne/contract/admin/person-actions';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { isApiError } from '../../../../lib/api-client';
import { useAdjustCredits } from '../api/person-actions';
import { formatCredits } from '../utils/person-labels';
import { ReasonDialog } from './reason-dialog';

const directions = [
  { value: 'grant', label: 'Grant credits' },
  { value: 'take', label: 'Take credits away' },
] as const;

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
  const [direction, setDirection] = useState<'grant' | 'take'>('grant');
  const [amountText, setAmountText] = useState('');
  const adjust = useAdjustCredits(userId);
  const amount = Number(amountText);
  const valid = Number.isInteger(amount) && amount >= 1 && amount <= ADMIN_CREDIT_CHANGE_MAX;

  return (
    <ReasonDialog
      open
      onClose={onClose}
      title="Grant or take credits"
      description={`Their balance is ${formatCredits(balance)} credits. Their open pages show the change at once.`}
      submitLabel={direction === 'grant' ? 'Grant' : 'Take away'}
      danger={direction === 'take'}
      ready={valid}
      pending={adjust.isPending}
      error={adjust.error}
      describeError={(error) =>
        isApiError(error) && error.code === 'INSUFFICIENT_CREDITS'
          ? `They have ${formatCredits(balance)} credits: a debit cannot take the balance below zero.`
          : undefined
      }
      onSubmit={(reason) =>
        adjust.mutate(
          { amount: direction === 'grant' ? amount : -amount, reason },
          {
            onSuccess: ({ balance: next }) =>
              onDone(
                `${direction === 'grant' ? 'Granted' : 'Took'} ${formatCredits(amount)} credits. Balance now ${formatCredits(next)}.`,
              ),
          },
        )
      }
    >
      <Select
        label="Action"
        options={directions}
        value={direction}
        onChange={(event) => setDirection(event.target.value as 'grant' | 'take')}
      />
      <Input
        label="Amount"
        inputMode="numeric"
        value={amountText}
        data-autofocus
        onChange={(event) => setAmountText(event.target.value.trim())}
        hint={`A whole number from 1 to ${formatCredits(ADMIN_CREDIT_CHANGE_MAX)}.`}
        error={amountText && !valid ? 'Enter a whole number of credits.' : undefined}
      />
    </ReasonDialog>
  );
}
