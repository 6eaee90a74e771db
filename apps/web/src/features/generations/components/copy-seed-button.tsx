import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** The seed of an image, copied in one click to repeat it later. */
export function CopySeedButton({ seed }: { seed: number }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(String(seed));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <span className="flex items-center gap-2 text-sm text-zinc-300">
      <span>
        Seed{' '}
        <span className="font-mono text-white select-all" data-testid="image-seed">
          {seed}
        </span>
      </span>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Copy seed ${seed}`}
        onClick={() => void copy()}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </span>
  );
}
