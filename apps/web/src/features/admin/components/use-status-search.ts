import { useState, type FormEvent } from 'react';

/** Rows a console list shows per page. */
export const LIST_PAGE = 25;

/** A console list's filters: a status, a search sent on submit, and the page; each resets the page. */
export function useStatusSearch<Status extends string>() {
  const [status, setStatus] = useState<Status | ''>('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  return {
    query: { status: status || undefined, q, limit: LIST_PAGE, offset },
    filtered: Boolean(q || status),
    offset,
    setOffset,
    form: {
      status,
      onStatus: (next: Status | '') => {
        setStatus(next);
        setOffset(0);
      },
      draft,
      onDraft: setDraft,
      onSearch: (event: FormEvent) => {
        event.preventDefault();
        setQ(draft.trim());
        setOffset(0);
      },
    },
  };
}

export type StatusSearch<Status extends string> = ReturnType<typeof useStatusSearch<Status>>;
