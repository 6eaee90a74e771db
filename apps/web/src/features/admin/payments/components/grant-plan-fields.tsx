import type { FormEventHandler } from 'react';
import { useWatch } from 'react-hook-form';
import { limitHint } from '../../../../components/forms/limit-hint';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { reasonHint } from '../../components/text-limits';
import { REFERENCE_MAX_LENGTH, type GrantPlanForm } from './grant-plan-form';

const PLAN_OPTIONS = [
  { value: 'monthly', label: 'Monthly (one more month)' },
  { value: 'lifetime', label: 'Lifetime' },
];

/**
 * The person, the plan, why, and the provider's reference, then Review. The reason and the
 * reference count near their limits; longer ones are refused on Review, never cut.
 */
export function GrantPlanFields({
  form,
  onSubmit,
  checking,
  error,
}: {
  form: GrantPlanForm;
  onSubmit: FormEventHandler<HTMLFormElement>;
  checking: boolean;
  error: string | undefined;
}) {
  const [reason, reference] = useWatch({ control: form.control, name: ['reason', 'reference'] });
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-400">
        For a payment the provider proved outside the IPN. One reference grants once.
      </p>
      <Input label="Person (email or id)" required {...form.register('person')} />
      <Select label="Plan" options={PLAN_OPTIONS} {...form.register('plan')} />
      <Textarea
        label="Reason"
        rows={3}
        required
        hint={reasonHint(undefined, reason)}
        {...form.register('reason')}
      />
      <Input
        label="Provider’s reference"
        hint={limitHint(
          'The provider’s payment id or the proof’s id',
          (reference ?? '').trim().length,
          REFERENCE_MAX_LENGTH,
        )}
        required
        {...form.register('reference')}
      />
      {error && <AlertText>{error}</AlertText>}
      <div className="flex justify-end">
        <Button type="submit" loading={checking}>
          Review
        </Button>
      </div>
    </form>
  );
}
