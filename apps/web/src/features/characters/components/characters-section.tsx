import { CHARACTERS_PER_PERSON_MAX } from '@nocturne/contract/characters/character';
import { AlertText } from '../../../components/ui/alert-text';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCharactersQuery } from '../api/get-characters';
import { CharacterForm } from './character-form';
import { CharacterItem } from './character-item';

/** /profile: the person's characters, which `@name` in a prompt stands for. */
export function CharactersSection() {
  const characters = useCharactersQuery();
  return (
    <SectionCard
      id="profile-characters"
      title="Characters"
      description={`Keep a character under a name, up to ${CHARACTERS_PER_PERSON_MAX}: @name in a prompt is replaced by its description, and history shows the prompt as the image got it.`}
    >
      <div className="flex flex-col gap-4">
        <CharacterForm />
        {characters.isPending && <Spinner />}
        {characters.isError && <AlertText>{getErrorMessage(characters.error)}</AlertText>}
        {characters.data?.length === 0 && (
          <p className="text-sm text-zinc-400">You have no characters yet.</p>
        )}
        {characters.data && characters.data.length > 0 && (
          <ul aria-label="Characters" className="divide-y divide-glass-border">
            {characters.data.map((character) => (
              <CharacterItem key={character.id} character={character} />
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}
