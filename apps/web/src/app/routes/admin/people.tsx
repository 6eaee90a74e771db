import { ConsolePage } from '../../../features/admin/components/console-page';

/** Find a person by email, username or id. */
export function ConsolePeopleRoute() {
  return (
    <ConsolePage title="People" description="Find a person by email, username or id.">
      <p className="text-sm text-zinc-400">Not built yet.</p>
    </ConsolePage>
  );
}
