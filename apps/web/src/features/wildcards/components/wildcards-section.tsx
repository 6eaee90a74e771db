import { WILDCARDS_PER_PERSON_MAX } from '@nocturne/contract/wildcards/wildcard';
import { AlertText } from '../../../components/ui/alert-text';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useWildcardsQuery } from '../api/get-wildcards';
import { linesSummary } from '../utils/lines-summary';
import { WildcardItem } from './wildcard-item';
import { WildcardForm } from './wildcard-form';

/**
 * /profile: the person's wildcard lists, and the operator's shared ones they may also name. A
 * list of their own shadows a shared one of the same name.
 */
export function WildcardsSection() {
  const lists = useWildcardsQuery();
  const own = new Set(lists.data?.wildcards.map((list) => list.name));
  return (
    <SectionCard
      id="profile-wildcards"
      title="Wildcards"
      description={`Lists of lines, up to ${WILDCARDS_PER_PERSON_MAX}: __name__ in a prompt gives each image of a batch one line, picked by its seed.`}
    >
      <div className="flex flex-col gap-4">
        <WildcardForm />
        {lists.isPending && <Spinner />}
        {lists.isError && <AlertText>{getErrorMessage(lists.error)}</AlertText>}
        {lists.data?.wildcards.length === 0 && (
          <p className="text-sm text-zinc-400">You have no wildcard lists yet.</p>
        )}
        {lists.data && lists.data.wildcards.length > 0 && (
          <ul aria-label="Your wildcard lists" className="divide-y divide-glass-border">
            {lists.data.wildcards.map((list) => (
              <WildcardItem key={list.name} list={list} />
            ))}
          </ul>
        )}
        {lists.data && lists.data.shared.length > 0 && (
          <div>
            <h3 className="text-sm font-medium text-zinc-200">Shared lists</h3>
            <ul aria-label="Shared wildcard lists" className="mt-1 text-xs text-zinc-400">
              {lists.data.shared.map((list) => (
                <li key={list.name} className="break-words">
                  <span className="text-zinc-200">__{list.name}__</span>:{' '}
                  {linesSummary(list.values)}
                  {own.has(list.name) && ' (your own list of this name is used instead)'}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
