import { useLocation } from 'react-router';
import { ConsolePage } from '../../../features/admin/components/console-page';
import { PeopleSearch } from '../../../features/admin/people/components/people-search';

/** Find a person by email, username or id. */
export function ConsolePeopleRoute() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <ConsolePage title="People" description="Find a person by email, username or id.">
      {notice && (
        <p
          role="status"
          className="mb-4 rounded-2xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200"
        >
          {notice}
        </p>
      )}
      <PeopleSearch />
    </ConsolePage>
  );
}
