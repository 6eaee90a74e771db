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
    return (
      <p role="alert" className="text-sm text-rose-300">
        {getErrorMessage(error)}
      </p>
    );
  }
  if (!saved) return null;
  return (
    <p role="status" className="text-sm text-emerald-300">
      {savedText}
    </p>
  );
}
