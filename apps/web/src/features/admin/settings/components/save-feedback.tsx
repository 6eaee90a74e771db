import { AlertText } from '../../../../components/ui/alert-text';
import { getErrorMessage } from '../../../../lib/get-error-message';

/** What a save said: the server's refusal, or a short confirmation. */
export function SaveFeedback({
  error,
  saved,
  savedText,
}: {
  error: unknown;
  saved: boolean;
  savedText: string;
}) {
  if (error) {
    return <AlertText>{getErrorMessage(error)}</AlertText>;
  }
  if (!saved) return null;
  return (
    <p role="status" className="text-sm text-emerald-300">
      {savedText}
    </p>
  );
}
