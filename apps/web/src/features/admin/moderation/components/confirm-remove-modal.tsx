import type { ReactNode } from 'react';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';

/** Asks before an entry leaves a list (there is no undo), and shows why a removal failed. */
export function ConfirmRemoveModal({
  open,
  title,
  children,
  error,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  error?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={pending} onClick={onConfirm} data-autofocus>
            Remove
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm text-zinc-300">
        {children}
        {error && <AlertText>{error}</AlertText>}
      </div>
    </Modal>
  );
}
