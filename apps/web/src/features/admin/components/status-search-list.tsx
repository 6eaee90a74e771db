import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadErrorPanel } from '../../../components/errors/load-error-panel';
import { limitHint } from '../../../components/forms/limit-hint';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { fieldProps } from '../../../lib/forms/field-props';
import { Pager } from './pager';
import { LIST_PAGE, type StatusSearch } from './use-status-search';

/**
 * A console list: its status filter and search, then the rows with a pager, or a spinner, the load
 * error, or `empty` (which says whether a filter is on).
 */
export function StatusSearchList<Status extends string, Data>(props: {
  filters: StatusSearch<Status>;
  statusOptions: { value: string; label: string }[];
  searchLabel: string;
  searchPlaceholder: string;
  list: UseQueryResult<Data>;
  errorTitle: string;
  /** The rows and their total, from the list's answer. */
  rowsOf: (data: Data) => { count: number; total: number };
  empty: (filtered: boolean) => string;
  pagerLabel: string;
  children: (data: Data) => ReactNode;
}) {
  const { filters, list } = props;
  const { form } = filters;
  return (
    <div>
      <form
        onSubmit={filters.onSearch}
        className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <Select
          label="Status"
          options={props.statusOptions}
          {...fieldProps(form, 'status', { onChange: filters.onStatus })}
          containerClassName="sm:w-48"
        />
        <Input
          label={props.searchLabel}
          type="search"
          placeholder={props.searchPlaceholder}
          hint={
            filters.searchMaxLength === undefined
              ? undefined
              : limitHint(undefined, filters.searchLength, filters.searchMaxLength)
          }
          {...fieldProps(form, 'q')}
          containerClassName="flex-1"
        />
        <Button type="submit" variant="glass">
          Search
        </Button>
      </form>
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : list.isError ? (
        <LoadErrorPanel
          title={props.errorTitle}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : props.rowsOf(list.data).count === 0 ? (
        <p className="glass-panel rounded-3xl px-6 py-10 text-center text-sm text-zinc-400">
          {props.empty(filters.filtered)}
        </p>
      ) : (
        <>
          {props.children(list.data)}
          <Pager
            offset={filters.offset}
            limit={LIST_PAGE}
            total={props.rowsOf(list.data).total}
            onChange={filters.setOffset}
            label={props.pagerLabel}
          />
        </>
      )}
    </div>
  );
}
