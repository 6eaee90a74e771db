import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** Confirmation before DELETE /generations/{id}: deleting cannot be undone. */
export function DeleteGenerationDialog({
  open,
  deleting,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={deleting ? () => {} : onClose}
      title="Delete this generation?"
      size="sm"
      footer={
        <>
          <Button variant="glass" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={deleting} aria-busy={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-zinc-300">
        It disappears from your history. Images you saved to favorites stay in your gallery.
      </p>
      {error && <AlertText className="mt-3">{error}</AlertText>}
    </Modal>
  );
}
