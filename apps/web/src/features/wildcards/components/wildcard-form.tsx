import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  WILDCARD_VALUE_MAX_LENGTH,
  WILDCARD_VALUES_MAX,
  type Wildcard,
} from '@nocturne/contract/wildcards/wildcard';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateWildcard } from '../api/create-wildcard';
import { useUpdateWildcard } from '../api/update-wildcard';
import { wildcardFormSchema } from '../utils/wildcard-form-schema';

/** A new list, or a change of `list`: its name (`__name__` in a prompt) and its lines. */
export function WildcardForm({ list, onDone }: { list?: Wildcard; onDone?: () => void }) {
  const create = useCreateWildcard();
  const update = useUpdateWildcard();
  const mutation = list ? update : create;
  const form = useForm({
    resolver: zodResolver(wildcardFormSchema),
    defaultValues: { name: list?.name ?? '', values: list?.values.join('\n') ?? '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((value) => {
    const done = () => {
      if (!list) form.reset();
      onDone?.();
    };
    if (list) update.mutate({ name: list.name, change: value }, { onSuccess: done });
    else create.mutate(value, { onSuccess: done });
  });
  const clearRefusal = () => mutation.isError && mutation.reset();
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <Input
        label={list ? `Name of __${list.name}__` : 'List name'}
        hint="Write __name__ in a prompt: each image gets one line, picked by its seed."
        error={errors.name?.message}
        {...form.register('name', { onChange: clearRefusal })}
      />
      <Textarea
        label={list ? `Lines of __${list.name}__` : 'Lines'}
        rows={4}
        hint={`One value a line, up to ${WILDCARD_VALUES_MAX} lines of ${WILDCARD_VALUE_MAX_LENGTH} characters.`}
        error={errors.values?.message}
        {...form.register('values', { onChange: clearRefusal })}
      />
      {mutation.isError && <AlertText>{getErrorMessage(mutation.error)}</AlertText>}
      <div className="flex gap-2">
        <Button type="submit" loading={mutation.isPending}>
          {list ? `Save __${list.name}__` : 'Save list'}
        </Button>
        {onDone && list && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
