import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  CHARACTER_DESCRIPTION_MAX_LENGTH,
  type Character,
} from '@nocturne/contract/characters/character';
import { createCharacterRequestSchema } from '@nocturne/contract/characters/create-character';
import { limitHint } from '../../../components/forms/limit-hint';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateCharacter } from '../api/create-character';
import { useUpdateCharacter } from '../api/update-character';
import { ReferencePicker } from './reference-picker';

/** What a save sends of the reference: only a change (a kept one is not checked again). */
function referenceChange(chosen: string | null, before: string | null) {
  return chosen === before ? {} : { reference_generation_id: chosen };
}

/**
 * A new character, or a change of `character`: its name (what follows `@` in a prompt), its
 * description and its reference image. The server screens the description; a refusal shows
 * under the form.
 */
export function CharacterForm({
  character,
  onDone,
}: {
  character?: Character;
  onDone?: () => void;
}) {
  const create = useCreateCharacter();
  const update = useUpdateCharacter();
  const mutation = character ? update : create;
  const form = useForm({
    resolver: zodResolver(createCharacterRequestSchema),
    defaultValues: { name: character?.name ?? '', description: character?.description ?? '' },
  });
  const before = character?.reference_generation_id ?? null;
  const [reference, setReference] = useState({
    id: before,
    url: character?.reference_image_url ?? null,
  });
  const descriptionLength = useWatch({ control: form.control, name: 'description' }).trim().length;
  const { errors } = form.formState;
  const submit = form.handleSubmit((value) => {
    const done = () => {
      if (!character) {
        form.reset();
        setReference({ id: null, url: null });
      }
      onDone?.();
    };
    const withReference = { ...value, ...referenceChange(reference.id, before) };
    if (character) update.mutate({ id: character.id, change: withReference }, { onSuccess: done });
    else create.mutate(withReference, { onSuccess: done });
  });
  const label = character ? `Save ${character.name}` : 'Save character';
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <Input
        label={character ? `Name of ${character.name}` : 'Character name'}
        hint="Write @name in a prompt to put in the description."
        error={errors.name?.message}
        {...form.register('name', { onChange: () => mutation.isError && mutation.reset() })}
      />
      <Textarea
        label={character ? `Description of ${character.name}` : 'Description'}
        rows={3}
        hint={limitHint(undefined, descriptionLength, CHARACTER_DESCRIPTION_MAX_LENGTH)}
        error={errors.description?.message}
        {...form.register('description', { onChange: () => mutation.isError && mutation.reset() })}
      />
      <ReferencePicker
        label={character ? `Reference image of ${character.name}` : 'Reference image'}
        value={reference.id}
        url={reference.url}
        onChange={(image) => {
          setReference(image ? { id: image.id, url: image.url } : { id: null, url: null });
          if (mutation.isError) mutation.reset();
        }}
      />
      {mutation.isError && <AlertText>{getErrorMessage(mutation.error)}</AlertText>}
      <div className="flex gap-2">
        <Button type="submit" loading={mutation.isPending}>
          {label}
        </Button>
        {onDone && character && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
