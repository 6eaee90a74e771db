import type { Character } from '@nocturne/contract/characters/character';
import { EditableListItem } from '../../../components/ui/editable-list-item';
import { imageHostUrl, imageSrcSet } from '../../../lib/image-host-url';
import { useDeleteCharacter } from '../api/delete-character';
import { CharacterForm } from './character-form';

/** The thumbnail of the character's reference image, beside its description. */
function WithReference({ character }: { character: Character }) {
  const thumbnail = character.reference_image_url;
  if (!thumbnail) return character.description;
  return (
    <span className="flex items-center gap-2">
      <img
        src={imageHostUrl(thumbnail)}
        srcSet={imageSrcSet(thumbnail)}
        sizes="40px"
        alt={`Reference image of @${character.name}`}
        loading="lazy"
        className="size-10 shrink-0 rounded-md object-cover"
      />
      <span>{character.description}</span>
    </span>
  );
}

/**
 * One character of the profile's list: `@name`, its description (with its reference image's
 * thumbnail), Edit and Delete.
 */
export function CharacterItem({ character }: { character: Character }) {
  const remove = useDeleteCharacter();
  return (
    <EditableListItem
      name={`@${character.name}`}
      detail={<WithReference character={character} />}
      form={(done) => <CharacterForm character={character} onDone={done} />}
      removal={{ ...remove, remove: () => remove.mutate(character.id) }}
    />
  );
}
