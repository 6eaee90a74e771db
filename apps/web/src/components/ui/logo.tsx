import { cn } from '../../lib/cn';

/** The crescent mark + wordmark. Decorative mark; the wordmark is the accessible text. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8 shrink-0">
        <defs>
          <linearGradient id="nocturne-logo" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#c4b5fd" />
            <stop offset="1" stopColor="#6366f1" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill="rgb(255 255 255 / 0.06)" />
        <path d="M40 14a20 20 0 1 0 10 30A16 16 0 0 1 40 14z" fill="url(#nocturne-logo)" />
        <circle cx="46" cy="20" r="2" fill="#e9d5ff" />
      </svg>
      <span
        className={cn(
          'font-display text-xl font-semibold tracking-wide text-white',
          compact && 'max-[380px]:sr-only',
        )}
      >
        Nocturne
      </span>
    </span>
  );
}
