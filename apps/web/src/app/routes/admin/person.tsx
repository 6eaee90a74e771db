import { ConsolePage } from '../../../features/admin/components/console-page';

/** One person: profile, ledger, generations, payments, refusals, sessions and the actions on them. */
export function ConsolePersonRoute() {
  return (
    <ConsolePage
      title="Person"
      description="Their profile, credits, generations, payments, refusals and sessions."
    >
      <p className="text-sm text-zinc-400">Not built yet.</p>
    </ConsolePage>
  );
}
