import { DAILY_CREDITS, PREMIUM_PRICE_TEXT } from '@nocturne/contract/constants';

const FEATURES = [
  {
    title: 'Prompt to picture in seconds',
    body: 'Write what you imagine; watch it take shape live, from queue to final render.',
    icon: 'M4 16l5-5 4 4 7-7M14 8h6v6',
  },
  {
    title: 'Your private gallery',
    body: 'Save the results you love, search them by prompt and download them anytime.',
    icon: 'M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5',
  },
  {
    title: 'Free to start, unlimited when ready',
    body: `Claim ${DAILY_CREDITS} free daily credits, or go premium for ${PREMIUM_PRICE_TEXT} a month with unlimited generations.`,
    icon: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6L3.3 9.3l6.1-.7z',
  },
] as const;

export function FeatureHighlights() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h2 id="features-heading" className="sr-only">
        Why Nocturne
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="glass-panel rounded-3xl p-6">
            <span className="mb-4 flex size-11 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-300">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
                <path
                  d={feature.icon}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            <h3 className="text-lg font-semibold text-white">{feature.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-zinc-400">{feature.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
