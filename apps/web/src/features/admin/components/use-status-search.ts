import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { fieldMessages } from '../../../lib/forms/field-messages';
import { lengthLimitMessage } from '../../../lib/forms/length-limit';

/** Rows a console list shows per page. */
export const LIST_PAGE = 25;

/**
 * A console list's filters: a status, applied when chosen; a search, applied when sent and read
 * by `search` (the list's own query rule for `q`); and the page, back to the first on each change.
 */
export function useStatusSearch<Status extends string>(search: z.ZodDefault<z.ZodString>) {
  const searchMaxLength = search.unwrap().maxLength ?? undefined;
  const form = useForm({
    resolver: zodResolver(
      z.object({ status: z.string(), q: search }),
      searchMaxLength === undefined
        ? undefined
        : fieldMessages({ q: lengthLimitMessage('The search', searchMaxLength) }),
    ),
    defaultValues: { status: '', q: '' },
  });
  const status = useWatch({ control: form.control, name: 'status' }) as Status | '';
  // Counted as the rule counts it (trimmed).
  const searchLength = (useWatch({ control: form.control, name: 'q' }) ?? '').trim().length;
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  return {
    query: { status: status || undefined, q, limit: LIST_PAGE, offset },
    filtered: Boolean(q || status),
    offset,
    setOffset,
    form,
    /** The rule's bound: the field counts near it and a longer search is refused, not cut. */
    searchMaxLength,
    searchLength,
    onStatus: () => setOffset(0),
    onSearch: form.handleSubmit((filters) => {
      setQ(filters.q);
      setOffset(0);
    }),
  };
}

export type StatusSearch<Status extends string> = ReturnType<typeof useStatusSearch<Status>>;
