import type { FormEventHandler } from 'react';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import type { GrantPlanForm } from './grant-plan-form';

const PLAN_OPTIONS = [
  { value: 'monthly', label: 'Monthly (one more month)' },
  { value: 'lifetime', label: 'Lifetime' },
];

/** The person, the plan, why, and the provider's reference, then Review. */
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
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-400">
        For a payment the provider proved outside the IPN. One reference grants once.
      </p>
      <Input label="Person (email or id)" required {...form.register('person')} />
      <Select label="Plan" options={PLAN_OPTIONS} {...form.register('plan')} />
      <Textarea label="Reason" rows={3} required {...form.register('reason')} />
      <Input
        label="Provider’s reference"
        hint="The provider’s payment id or the proof’s id"
        required
        {...form.register('reference')}
      />
      {error && (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={checking}>
          Review
        </Button>
      </div>
    </form>
  );
}
