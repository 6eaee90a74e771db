import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { getErrorMessage } from '../../../lib/get-error-message';
import {
  sharedWildcardsQueryOptions,
  useDeleteSharedWildcard,
  usePutSharedWildcard,
} from '../api/shared-wildcards-api';
import { linesSummary } from '../utils/lines-summary';
import { wildcardFormSchema } from '../utils/wildcard-form-schema';

/**
 * The console's shared wildcard lists: every person's prompt may name them, and a person's own
 * list of the same name shadows one. Saving a name that exists replaces its lines; each change is
 * audited.
 */
export function SharedWildcardsCard() {
  const lists = useQuery(sharedWildcardsQueryOptions);
  const put = usePutSharedWildcard();
  const remove = useDeleteSharedWildcard();
  const form = useForm({
    resolver: zodResolver(wildcardFormSchema),
    defaultValues: { name: '', values: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((value) => put.mutate(value, { onSuccess: () => form.reset() }));
  const error = put.error ?? remove.error ?? lists.error;
  return (
    <SectionCard
      id="console-shared-wildcards"
      title="Shared wildcard lists"
      description="Lists every person may name as __name__ in a prompt; a person's own list of the same name is used instead of a shared one."
    >
      <div className="flex flex-col gap-4">
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <Input label="Shared list name" error={errors.name?.message} {...form.register('name')} />
          <Textarea
            label="Shared list lines"
            rows={4}
            hint="One value a line. Saving an existing name replaces its lines."
            error={errors.values?.message}
            {...form.register('values')}
          />
          <div>
            <Button type="submit" loading={put.isPending}>
              Save shared list
            </Button>
          </div>
        </form>
        {error && <AlertText>{getErrorMessage(error)}</AlertText>}
        {lists.isPending && <Spinner />}
        {lists.data && (
          <ul aria-label="Shared wildcard lists" className="divide-y divide-glass-border">
            {lists.data.wildcards.map((list) => (
              <li key={list.name} className="flex items-center justify-between gap-2 py-2">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-zinc-100">__{list.name}__</p>
                  <p className="text-xs break-words text-zinc-400">{linesSummary(list.values)}</p>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete shared __${list.name}__`}
                  onClick={() => remove.mutate(list.name)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}
