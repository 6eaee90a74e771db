import type { FormEventHandler, ReactNode } from 'react';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';

/** An add form's frame: its fields in a row on wide screens, the Add button, a general error. */
export function AddEntryForm({
  label,
  pending,
  error,
  onSubmit,
  children,
}: {
  label: string;
  pending: boolean;
  /** An error about no single field (a field's own error shows at the field). */
  error?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form aria-label={label} onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {children}
        <Button type="submit" loading={pending} className="sm:mt-7">
          Add
        </Button>
      </div>
      {error && <AlertText>{error}</AlertText>}
    </form>
  );
}
