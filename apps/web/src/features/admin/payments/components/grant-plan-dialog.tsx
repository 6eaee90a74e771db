import { zodResolver } from '@hookform/resolvers/zod';
import type { PersonSummary } from '@nocturne/contract/admin/find-people';
import type { GrantPlanBody } from '@nocturne/contract/admin/plan-grant';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { findPersonByEmailOrId } from '../api/admin-payments-api';
import { useGrantPlan } from '../hooks/use-admin-payments';
import { GrantPlanFields } from './grant-plan-fields';
import { grantPlanFormSchema, INVALID_GRANT_MESSAGE, type GrantPlanForm } from './grant-plan-form';
import { GrantPlanOutcome } from './grant-plan-outcome';

interface Review {
  person: string;
  body: GrantPlanBody;
}

/** Finds the person the operator named; `null` when nobody has that email or id. */
function useFindPerson() {
  return useMutation({ mutationFn: ({ person }: Review) => findPersonByEmailOrId(person) });
}

/** The question before the grant: the person found, the plan, the reference and the reason. */
function GrantConfirmation({
  target,
  body,
  grant,
  onBack,
}: {
  target: PersonSummary;
  body: GrantPlanBody;
  grant: UseMutationResult<unknown, Error, { userId: string; body: GrantPlanBody }>;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col gap-4 text-sm text-zinc-300">
      <p>
        Grant a <strong className="text-white">{body.plan}</strong> plan to{' '}
        <strong className="text-white">{target.email}</strong>? It takes effect at once, as a paid
        plan would, and cannot be taken back from the console.
      </p>
      <p className="text-zinc-400">
        Reference {body.reference} · reason: {body.reason}
      </p>
      {grant.isError && <AlertText>{grant.error.message}</AlertText>}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Button loading={grant.isPending} onClick={() => grant.mutate({ userId: target.id, body })}>
          Grant the plan
        </Button>
      </div>
    </div>
  );
}

/** What stops the review: the form's own refusal, nobody found, or the search's failure. */
function reviewError(form: GrantPlanForm, find: ReturnType<typeof useFindPerson>) {
  if (form.formState.errors.root) return form.formState.errors.root.message;
  if (find.isError) return find.error.message;
  return find.data === null ? 'No person has this email or id.' : undefined;
}

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
  const form: GrantPlanForm = useForm({
    resolver: zodResolver(grantPlanFormSchema),
    defaultValues: { person: initialPerson, plan: 'monthly', reason: '', reference: '' },
  });
  const find = useFindPerson();
  const grant = useGrantPlan();
  const review = form.handleSubmit(
    ({ person, ...body }) => find.mutate({ person, body }),
    () => {
      find.reset();
      form.setError('root', { message: INVALID_GRANT_MESSAGE });
    },
  );

  function close() {
    find.reset();
    grant.reset();
    onClose();
  }

  const target = find.data;
  return (
    <Modal open={open} onClose={close} title="Grant a plan by hand" size="md">
      {grant.data ? (
        <GrantPlanOutcome answer={grant.data} onDone={close} />
      ) : target && find.variables ? (
        <GrantConfirmation
          target={target}
          body={find.variables.body}
          grant={grant}
          onBack={() => find.reset()}
        />
      ) : (
        <GrantPlanFields
          form={form}
          onSubmit={review}
          checking={find.isPending}
          error={reviewError(form, find)}
        />
      )}
    </Modal>
  );
}
