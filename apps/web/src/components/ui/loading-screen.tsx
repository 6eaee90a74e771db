import { Spinner } from './spinner';

/** Full-area loading state with a visible, announced label. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-6"
    >
      <Spinner className="size-8 text-accent-400" />
      <p className="text-sm tracking-wide text-zinc-300">{label}</p>
    </div>
  );
}
