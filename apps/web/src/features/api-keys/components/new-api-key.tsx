import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/**
 * A key just created, in a read-only field with Copy: the server keeps only its hash, so this is
 * the one time it can be read. Done hides it for good.
 */
export function NewApiKey({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const copy = useMutation({ mutationFn: () => navigator.clipboard.writeText(apiKey) });
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-accent-500/40 bg-night-900/60 p-4">
      <Input
        label="Your new API key"
        hint="Copy it now: it will not be shown again."
        value={apiKey}
        readOnly
        spellCheck={false}
        className="font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
      {copy.isSuccess && <p className="text-sm text-emerald-300">Copied.</p>}
      {copy.isError && (
        <p role="alert" className="text-sm text-rose-300">
          This browser did not allow copying. Select the key and copy it yourself.
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
