import { useState } from 'react';
import type { Character } from '@nocturne/contract/characters/character';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeleteCharacter } from '../api/delete-character';
import { CharacterForm } from './character-form';

/** One character of the profile's list: `@name`, its description, Edit and Delete. */
export function CharacterItem({ character }: { character: Character }) {
  const remove = useDeleteCharacter();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="py-3">
        <CharacterForm character={character} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium break-words text-zinc-100">@{character.name}</p>
          <p className="text-xs break-words text-zinc-400">{character.description}</p>
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="glass"
            aria-label={`Edit @${character.name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete @${character.name}`}
            loading={remove.isPending}
            onClick={() => remove.mutate(character.id)}
          >
            Delete
          </Button>
        </div>
      </div>
      {remove.isError && (
        <p role="alert" className="text-xs text-rose-300">
          {getErrorMessage(remove.error)}
        </p>
      )}
    </li>
  );
}
