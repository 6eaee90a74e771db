import { SEED_MAX } from '@nocturne/contract/generations/generation-options';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { randomSeed } from '../utils/generation-form-values';

function DiceIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
      <rect
        x="3"
        y="3"
        width="14"
        height="14"
        rx="3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <circle cx="7" cy="7" r="1.3" fill="currentColor" />
      <circle cx="13" cy="13" r="1.3" fill="currentColor" />
      <circle cx="10" cy="10" r="1.3" fill="currentColor" />
    </svg>
  );
}

/**
 * The seed: a number to repeat an image, empty (Random) to let the server draw one, and one click
 * to a fresh number that is then shown and kept.
 */
export function SeedField({
  seed,
  onChange,
}: {
  seed: number | null;
  onChange: (seed: number | null) => void;
}) {
  function type(text: string) {
    if (text.trim() === '') return onChange(null);
    const value = Number(text);
    if (Number.isInteger(value) && value >= 0 && value <= SEED_MAX) onChange(value);
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end gap-2">
        <Input
          label="Seed"
          type="number"
          inputMode="numeric"
          min={0}
          max={SEED_MAX}
          step={1}
          placeholder="Random"
          value={seed ?? ''}
          onChange={(event) => type(event.target.value)}
          containerClassName="min-w-0 flex-1"
        />
        <Button
          variant="glass"
          icon={<DiceIcon />}
          onClick={() => onChange(randomSeed())}
          className="h-11 shrink-0"
        >
          New seed
        </Button>
      </div>
      <p className="text-xs text-zinc-400">Same prompt, settings and seed give the same image.</p>
      <Checkbox
        label="Random"
        checked={seed === null}
        onChange={(event) => onChange(event.target.checked ? null : randomSeed())}
      />
    </div>
  );
}
