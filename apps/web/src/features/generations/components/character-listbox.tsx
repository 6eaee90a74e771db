import { cn } from '../../../lib/cn';

export interface CharacterOption {
  id: string;
  name: string;
  description: string;
  active: boolean;
}

/**
 * The `@` completion's list under the prompt (use-character-completion.ts): each option a
 * character's `@name` and the start of its description. A press keeps the focus in the prompt.
 */
export function CharacterListbox({
  id,
  options,
  onChoose,
}: {
  id: string;
  options: CharacterOption[];
  onChoose: (name: string) => void;
}) {
  const count = options.length === 1 ? '1 character matches' : `${options.length} characters match`;
  return (
    <>
      {options.length > 0 && (
        <ul
          id={id}
          role="listbox"
          aria-label="Characters"
          className="glass-panel max-h-56 overflow-y-auto rounded-xl p-1 text-sm"
        >
          {options.map((option) => (
            <li
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={option.active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(option.name)}
              className={cn(
                'cursor-pointer truncate rounded-lg px-3 py-1.5 text-zinc-200',
                option.active && 'bg-white/10 text-white',
              )}
            >
              @{option.name}
              <span className="ml-2 text-xs text-zinc-400">{option.description}</span>
            </li>
          ))}
        </ul>
      )}
      <p aria-live="polite" className="sr-only">
        {options.length > 0 ? count : ''}
      </p>
    </>
  );
}
