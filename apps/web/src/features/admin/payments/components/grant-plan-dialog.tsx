import type { PersonSummary } from '@nocturne/contract/admin/find-people';
import { grantPlanBodySchema, type GrantPlanBody } from '@nocturne/contract/admin/plan-grant';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Modal } from '../../../../components/ui/modal';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { findPersonByEmailOrId } from '../api/admin-payments-api';
import { useGrantPlan } from '../hooks/use-admin-payments';
import { GrantPlanOutcome } from './grant-plan-outcome';

const PLAN_OPTIONS = [
  { value: 'monthly', label: 'Monthly (one more month)' },
  { value: 'lifetime', label: 'Lifetime' },
];

type Form = GrantPlanBody & { person: string };

/**
 * "Grant a plan by hand": the person (email or id), the plan, why, and the provider's reference;
 * then a confirmation naming the person, since a grant cannot be taken back from the console.
 */
export function GrantPlanDialog({
  open,
  initialPerson,
  onClose,
}: {
  open: boolean;
  initialPerson: string;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>({
    person: initialPerson,
    plan: 'monthly',
    reason: '',
    reference: '',
  });
  const [target, setTarget] = useState<PersonSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const grant = useGrantPlan();
  const set = (field: keyof Form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });

  async function review(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = grantPlanBodySchema.safeParse(form);
    if (!parsed.success) {
      setError(
        'Write a reason (3 to 500 characters) and the provider’s reference (3 to 200 letters, digits or . : - / # _).',
      );
      return;
    }
    setChecking(true);
    try {
      const person = await findPersonByEmailOrId(form.person);
      if (!person) setError('No person has this email or id.');
      setTarget(person);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setChecking(false);
    }
  }

  function close() {
    setTarget(null);
    setError(null);
    grant.reset();
    onClose();
  }

  const body = { plan: form.plan, reason: form.reason, reference: form.reference };
  const confirming = target !== null && !grant.data;
  return (
    <Modal open={open} onClose={close} title="Grant a plan by hand" size="md">
      {grant.data ? (
        <GrantPlanOutcome answer={grant.data} onDone={close} />
      ) : confirming ? (
        <div className="flex flex-col gap-4 text-sm text-zinc-300">
          <p>
            Grant a <strong className="text-white">{form.plan}</strong> plan to{' '}
            <strong className="text-white">{target.email}</strong>? It takes effect at once, as a
            paid plan would, and cannot be taken back from the console.
          </p>
          <p className="text-zinc-400">
            Reference {form.reference} · reason: {form.reason}
          </p>
          {grant.isError && (
            <p role="alert" className="text-rose-300">
              {grant.error.message}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setTarget(null)}>
              Back
            </Button>
            <Button
              loading={grant.isPending}
              onClick={() => grant.mutate({ userId: target.id, body })}
            >
              Grant the plan
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={(event) => void review(event)} className="flex flex-col gap-4">
          <p className="text-sm text-zinc-400">
            For a payment the provider proved outside the IPN. One reference grants once.
          </p>
          <Input
            label="Person (email or id)"
            value={form.person}
            onChange={set('person')}
            required
          />
          <Select label="Plan" options={PLAN_OPTIONS} value={form.plan} onChange={set('plan')} />
          <Textarea label="Reason" value={form.reason} onChange={set('reason')} rows={3} required />
          <Input
            label="Provider’s reference"
            hint="The provider’s payment id or the proof’s id"
            value={form.reference}
            onChange={set('reference')}
            required
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
      )}
    </Modal>
  );
}
