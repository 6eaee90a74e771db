const FEATURES = [
  {
    title: 'Unlimited Generations',
    text: 'Create as many images as you like, with no credits spent.',
  },
  { title: 'Priority Processing', text: 'Your generations go ahead of the free queue.' },
  { title: 'Advanced AI Models', text: 'The best image models Nocturne runs, as they arrive.' },
  { title: 'Premium Support', text: 'Answers from the team first when you need help.' },
] as const;

/** Spec §2: the four things Premium gives. */
export function PremiumFeatures() {
  return (
    <ul aria-label="Premium features" className="grid gap-3 sm:grid-cols-2">
      {FEATURES.map((feature) => (
        <li key={feature.title} className="glass-panel rounded-2xl p-4">
          <h3 className="font-semibold text-white">{feature.title}</h3>
          <p className="mt-1 text-sm text-zinc-400">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
