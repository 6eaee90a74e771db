import { useState, type FormEvent, type ReactNode } from 'react';
import { adminReasonSchema } from '@nocturne/contract/admin/admin-actions';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Textarea } from '../../../../components/ui/textarea';
import { getErrorMessage } from '../../../../lib/get-error-message';

/**
 * A console action that needs a reason (3 to 500 characters, as the API checks): `children` adds
 * the action's own fields, `ready` says whether they are filled in, and the server's refusal
 * shows inside the dialog so nothing is lost.
 */
export function ReasonDialog({
  open,
  onClose,
  title,
  description,
  submitLabel,
  danger = false,
  ready = true,
  pending,
  error,
  onSubmit,
  describeError,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  danger?: boolean;
  ready?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  /** Words for a refusal the app's catalogue words for someone else (e.g. a person's own debit). */
  describeError?: (error: unknown) => string | undefined;
  children?: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const reasonOk = adminReasonSchema.safeParse(reason).success;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (reasonOk && ready) onSubmit(reason.trim());
  }

  return (
    <Modal open={open} onClose={onClose} title={title} description={description}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {children}
        <Textarea
          label="Reason"
          rows={3}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          hint="Kept in the audit log and in the person's data export."
          error={touched && !reasonOk ? 'Say why in 3 to 500 characters.' : undefined}
        />
        {error != null && (
          <p role="alert" className="text-sm text-rose-300">
            {describeError?.(error) ?? getErrorMessage(error)}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            loading={pending}
            disabled={!ready}
          >
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
