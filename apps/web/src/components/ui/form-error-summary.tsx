import type { FieldErrors, FieldValues } from 'react-hook-form';

/** What the alert says: how many fields need a change, and which, by their labels. */
function formErrorSummaryText(labels: readonly string[]): string {
  const count = labels.length === 1 ? 'One field needs' : `${labels.length} fields need`;
  return `${count} a change: ${labels.join(', ')}.`;
}

/**
 * The alert a refused submit raises above a form, spoken by screen readers as it appears while
 * react-hook-form moves focus to the first invalid field, whose own message its description
 * reads. It names the fields (each says its problem under itself, so the words are not
 * repeated here). Each submit gives it a new node (`key`), so a repeated refusal is spoken again.
 */
export function FormErrorSummary<Values extends FieldValues>({
  errors,
  labels,
  submitCount,
}: {
  errors: FieldErrors<Values>;
  /** The visible label of each field, in the form's order. */
  labels: Readonly<Partial<Record<keyof Values & string, string>>>;
  submitCount: number;
}) {
  const invalid = Object.entries(labels).flatMap(([name, label]) =>
    errors[name] ? [label as string] : [],
  );
  if (invalid.length === 0) return null;
  return (
    <p
      key={submitCount}
      role="alert"
      className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200"
    >
      {formErrorSummaryText(invalid)}
    </p>
  );
}
