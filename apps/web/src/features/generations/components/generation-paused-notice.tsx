/** The operator's message in the modal's input step while generation is paused. */
export function GenerationPausedNotice({ message }: { message: string }) {
  return (
    <p
      role="alert"
      data-testid="generation-paused"
      className="rounded-xl border border-amber-400/30 bg-amber-400/10 px-3 py-2 text-sm text-amber-100"
    >
      {message}
    </p>
  );
}
