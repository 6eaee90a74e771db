import { useState, type FormEventHandler, type ReactNode } from 'react';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Textarea } from '../../../../components/ui/textarea';
import type { FieldProps } from '../../../../lib/forms/field-props';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { reasonHint } from '../../components/text-limits';

/**
 * A console action that needs a reason: the caller's form holds the reason (checked by the
 * contract's rule, worded by REASON_MESSAGES) and the action's own fields (`children`); `ready`
 * says whether those are filled in, and the server's refusal shows inside the dialog so nothing
 * is lost. The reason counts near its limit as it is typed (the dialog opens with it empty).
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
  reason,
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
  /** The form's reason field. */
  reason: FieldProps;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Words for a refusal the app's catalogue words for someone else (e.g. a person's own debit). */
  describeError?: (error: unknown) => string | undefined;
  children?: ReactNode;
}) {
  const [typed, setTyped] = useState('');
  return (
    <Modal open={open} onClose={onClose} title={title} description={description}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        {children}
        <Textarea
          label="Reason"
          rows={3}
          hint={reasonHint("Kept in the audit log and in the person's data export.", typed)}
          {...reason}
          onChange={(event) => {
            setTyped(event.target.value);
            return reason.onChange(event);
          }}
        />
        {error != null && <AlertText>{describeError?.(error) ?? getErrorMessage(error)}</AlertText>}
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
