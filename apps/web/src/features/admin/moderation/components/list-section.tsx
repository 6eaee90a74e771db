import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadErrorPanel } from '../../../../components/errors/load-error-panel';
import { SectionCard } from '../../../../components/ui/section-card';
import { Spinner } from '../../../../components/ui/spinner';
import { getErrorMessage } from '../../../../lib/get-error-message';

/** One list's card: what it does, its add form, and the list once it has loaded. */
export function ListSection<T>({
  id,
  title,
  description,
  query,
  form,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  query: UseQueryResult<T>;
  form?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <SectionCard id={id} title={title} description={description}>
      {form}
      {query.isPending && (
        <p className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner /> Loading...
        </p>
      )}
      {query.isError && (
        <LoadErrorPanel
          headingLevel="h3"
          title={`${title} could not load`}
          message={getErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && children(query.data)}
    </SectionCard>
  );
}
