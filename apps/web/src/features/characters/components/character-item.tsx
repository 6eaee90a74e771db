import type { Character } from '@nocturne/contract/characters/character';
import { EditableListItem } from '../../../components/ui/editable-list-item';
import { useDeleteCharacter } from '../api/delete-character';
import { CharacterForm } from './character-form';

/** One character of the profile's list: `@name`, its description, Edit and Delete. */
export function CharacterItem({ character }: { character: Character }) {
  const remove = useDeleteCharacter();
  return (
    <EditableListItem
      name={`@${character.name}`}
      detail={character.description}
      form={(done) => <CharacterForm character={character} onDone={done} />}
      removal={{ ...remove, remove: () => remove.mutate(character.id) }}
    />
  );
}
