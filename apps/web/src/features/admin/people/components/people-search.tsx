import { useEffect, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { findPeopleQuerySchema } from '@nocturne/contract/admin/find-people';
import { limitHint } from '../../../../components/forms/limit-hint';
import { Input } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { LoadErrorPanel } from '../../../../components/errors/load-error-panel';
import { useDebouncedValue } from '../../../../hooks/use-debounced-value';
import { lengthLimitMessage } from '../../../../lib/forms/length-limit';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { PEOPLE_PAGE_SIZE, usePeopleSearch } from '../api/people-queries';
import { Pager } from '../../components/pager';
import { PeopleResults } from './people-results';

const SEARCH_DELAY_MS = 300;
/** The search's limit, the list rule's own (trimmed, as the server counts it). */
const SEARCH_MAX_LENGTH = findPeopleQuerySchema.shape.q.unwrap().maxLength ?? 200;

/**
 * The search box and its results. The query lives in the URL (`?q=`, and `?page=` past the
 * first), so a link or a reload shows the same people; typing updates it once it pauses. A search
 * over its limit is kept in the box and refused there, never cut nor sent.
 */
export function PeopleSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const offset = Math.max(0, Number(params.get('page') ?? 1) - 1) * PEOPLE_PAGE_SIZE || 0;
  const [text, setText] = useState(q);
  const typed = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const length = text.trim().length;
  const tooLong = length > SEARCH_MAX_LENGTH;
  // A row clicked while the search waits: its page is loading, and the search must not replace it.
  const leaving = useNavigation().state !== 'idle';

  useEffect(() => {
    if (typed === q || leaving || typed.length > SEARCH_MAX_LENGTH) return;
    setParams(typed ? { q: typed } : {}, { replace: true });
  }, [typed, q, leaving, setParams]);

  const search = usePeopleSearch(q, offset);
  const setOffset = (next: number) => {
    const page = String(next / PEOPLE_PAGE_SIZE + 1);
    setParams(q ? { q, page } : { page });
  };

  return (
    <div className="glass-panel rounded-3xl p-4 sm:p-6">
      <Input
        label="Search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Email, username or id"
        autoComplete="off"
        hint={limitHint(
          q ? undefined : 'Newest people first until you search.',
          length,
          SEARCH_MAX_LENGTH,
        )}
        error={tooLong ? lengthLimitMessage('The search', SEARCH_MAX_LENGTH, length) : undefined}
      />
      <div className="mt-5" aria-live="polite">
        {search.isPending && <Spinner />}
        {search.isError && (
          <LoadErrorPanel
            title="People could not load"
            message={getErrorMessage(search.error)}
            onRetry={() => void search.refetch()}
          />
        )}
        {search.data && search.data.people.length === 0 && (
          <p className="py-6 text-center text-sm text-zinc-400">
            {q
              ? `No one's email, username or id matches “${q}”.`
              : 'No one has signed up yet. People appear here as they join.'}
          </p>
        )}
        {search.data && search.data.people.length > 0 && (
          <>
            <p className="mb-2 text-sm text-zinc-400">
              {q ? `${search.data.total} found` : `${search.data.total} people, newest first`}
            </p>
            <PeopleResults people={search.data.people} />
            <Pager
              label="People pages"
              offset={offset}
              limit={PEOPLE_PAGE_SIZE}
              total={search.data.total}
              onChange={setOffset}
            />
          </>
        )}
      </div>
    </div>
  );
}
