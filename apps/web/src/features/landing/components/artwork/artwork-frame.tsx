import type { ReactNode } from 'react';

/**
 * The shared 400×500 canvas of every sample illustration. `label` is the image's alt text; the
 * card's caption carries the prompt itself.
 */
export function ArtworkFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 400 500"
      preserveAspectRatio="xMidYMid slice"
      className="absolute inset-0 size-full"
    >
      {children}
    </svg>
  );
}
