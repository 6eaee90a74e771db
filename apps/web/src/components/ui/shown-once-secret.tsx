import { useMutation } from '@tanstack/react-query';
import { AlertText } from './alert-text';
import { Button } from './button';
import { Input } from './input';

/**
 * A secret the server shows once (an API key, a webhook's signing secret), in a read-only field
 * with Copy: this is the one time it can be read. Done hides it for good.
 */
export function ShownOnceSecret({
  label,
  hint,
  noun,
  value,
  onDone,
}: {
  label: string;
  /** Said under the field; it starts with "Copy it now: it will not be shown again." */
  hint: string;
  /** What the secret is called in the words of a failed copy ("key", "secret"). */
  noun: string;
  value: string;
  onDone: () => void;
}) {
  const copy = useMutation({ mutationFn: () => navigator.clipboard.writeText(value) });
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-accent-500/40 bg-night-900/60 p-4">
      <Input
        label={label}
        hint={hint}
        value={value}
        readOnly
        spellCheck={false}
        className="font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
      {copy.isSuccess && <p className="text-sm text-emerald-300">Copied.</p>}
      {copy.isError && (
        <AlertText>
          This browser did not allow copying. Select the {noun} and copy it yourself.
        </AlertText>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => copy.mutate()}>
          Copy
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
