import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiKeyNameSchema, type ApiKeyScope } from '@nocturne/contract/api-keys/api-key';
import type { CreateApiKeyResponse } from '@nocturne/contract/api-keys/create-api-key';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateApiKey } from '../api/create-api-key';

/** The form's fields: the contract's name, and the one scope a person chooses as a checkbox. */
const apiKeyFormSchema = z.object({ name: apiKeyNameSchema, favorites: z.boolean() });

/** A new key: its name and whether it may manage favorites. `onCreated` gets the key, once. */
export function ApiKeyForm({ onCreated }: { onCreated: (created: CreateApiKeyResponse) => void }) {
  const create = useCreateApiKey();
  const form = useForm({
    resolver: zodResolver(apiKeyFormSchema),
    defaultValues: { name: '', favorites: false },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ name, favorites }) => {
    const scopes: ApiKeyScope[] = favorites ? ['generations', 'favorites'] : ['generations'];
    create.mutate(
      { name, scopes },
      {
        onSuccess: (created) => {
          form.reset();
          onCreated(created);
        },
      },
    );
  });
  const resetError = () => create.isError && create.reset();
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <Input
        label="Key name"
        hint="Say where it is used, e.g. “render script”."
        error={errors.name?.message}
        {...form.register('name', { onChange: resetError })}
      />
      <Checkbox
        label="Manage favorites (besides generating and reading generations)"
        {...form.register('favorites', { onChange: resetError })}
      />
      {create.isError && <AlertText>{getErrorMessage(create.error)}</AlertText>}
      <div>
        <Button type="submit" loading={create.isPending}>
          Create key
        </Button>
      </div>
    </form>
  );
}
