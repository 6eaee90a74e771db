import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/**
 * A new webhook's signing secret, in a read-only field with Copy: this is the one time it is
 * shown. Done hides it for good.
 */
export function NewWebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const copy = useMutation({ mutationFn: () => navigator.clipboard.writeText(secret) });
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-accent-500/40 bg-night-900/60 p-4">
      <Input
        label="Signing secret"
        hint="Copy it now: it will not be shown again. Your server checks each event's Nocturne-Signature with it."
        value={secret}
        readOnly
        spellCheck={false}
        className="font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
      {copy.isSuccess && <p className="text-sm text-emerald-300">Copied.</p>}
      {copy.isError && (
        <p role="alert" className="text-sm text-rose-300">
          This browser did not allow copying. Select the secret and copy it yourself.
        </p>
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
