import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { modelsPerkText } from '../utils/models-perk';

/** This server's catalog as the page read it (GET /models). */
export interface ServerModels {
  data: readonly CatalogModel[] | undefined;
  isPending: boolean;
}

const FEATURES = [
  {
    title: 'Unlimited Generations',
    text: 'Create as many images as you like, with no credits spent.',
  },
  { title: 'Priority Processing', text: 'Your generations go ahead of the free queue.' },
] as const;
const SUPPORT = {
  title: 'Premium Support',
  text: 'Answers from the team first when you need help.',
};

function Feature({ title, text, busy }: { title: string; text: string; busy?: boolean }) {
  return (
    <li className="glass-panel rounded-2xl p-4" aria-busy={busy || undefined}>
      <h3 className="font-semibold text-white">{title}</h3>
      <p className="mt-1 text-sm text-zinc-400">{text}</p>
    </li>
  );
}

/**
 * Spec §2: what Premium gives. The models perk names the Premium models this server has (GET
 * /models); a server without any does not promise them.
 */
export function PremiumFeatures({ models }: { models: ServerModels }) {
  const perk = modelsPerkText(models.data);
  return (
    <ul aria-label="Premium features" className="grid gap-3 sm:grid-cols-2">
      {FEATURES.map((feature) => (
        <Feature key={feature.title} {...feature} />
      ))}
      {models.isPending ? (
        <Feature title="AI Models" text="Reading this server's models…" busy />
      ) : (
        <Feature {...perk} />
      )}
      <Feature {...SUPPORT} />
    </ul>
  );
}
