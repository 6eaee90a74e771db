import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import type { Character } from '@nocturne/contract/characters/character';
import { completeMention, mentionAtCaret, namesMatching } from '../utils/character-mention';

type Field = HTMLTextAreaElement;

/** Which way an arrow key moves the active option, wrapping at either end. */
function moved(active: number, count: number, key: string): number {
  return key === 'ArrowDown' ? (active + 1) % count : (active - 1 + count) % count;
}

/**
 * The prompt's `@` completion on the combobox pattern: typing `@` and letters opens a listbox of
 * the person's characters whose names start with them; ArrowDown and ArrowUp move the active
 * option (the field's aria-activedescendant), Enter completes it, Escape closes the list
 * (and only the list: the modal stays open). The field keeps its text-box role and its focus.
 */
export function useCharacterCompletion(options: {
  value: string;
  onChange: (value: string) => void;
  characters: readonly Character[];
  listboxId: string;
}) {
  const { value, onChange, characters, listboxId } = options;
  const field = useRef<Field | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const mention = caret === null ? null : mentionAtCaret(value, caret);
  const names = characters.map((character) => character.name);
  const matches = mention ? namesMatching(names, mention.query) : [];
  const key = mention ? `${mention.start}:${mention.query}` : null;
  const open = matches.length > 0 && key !== dismissed;
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));

  // Escape reaches the modal's own listener before the field's, so it is caught on the way down.
  useEffect(() => {
    if (!open) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== field.current) return;
      event.preventDefault();
      event.stopPropagation();
      setDismissed(key);
    };
    window.addEventListener('keydown', onEscape, true);
    return () => window.removeEventListener('keydown', onEscape, true);
  }, [open, key]);

  // A completion puts the caret after the name once the new text is in the field.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !field.current) return;
    pendingCaret.current = null;
    field.current.setSelectionRange(at, at);
    setCaret(at);
  }, [value]);

  function choose(name: string) {
    if (!mention || caret === null) return;
    const next = completeMention(value, mention, caret, name);
    pendingCaret.current = next.caret;
    onChange(next.text);
    setActive(0);
    field.current?.focus();
  }

  /** Follows the caret, wherever a key, a click or a change put it. */
  function track(event: SyntheticEvent<Field>) {
    field.current = event.currentTarget;
    setCaret(event.currentTarget.selectionStart);
  }

  /** The list's keys; true when the key was the list's, so the field does nothing more. */
  function onKeyDown(event: KeyboardEvent<Field>): boolean {
    field.current = event.currentTarget;
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      setActive(moved(activeIndex, matches.length, event.key));
    } else if (event.key === 'Enter' && !event.metaKey && !event.ctrlKey) {
      choose(matches[activeIndex]!);
    } else return false;
    event.preventDefault();
    return true;
  }

  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const fieldProps = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listboxId : undefined,
    'aria-activedescendant': open ? optionId(activeIndex) : undefined,
    onSelect: track,
    onClick: track,
  };
  const described = new Map(characters.map((character) => [character.name, character.description]));
  const listbox = open
    ? matches.map((name, index) => ({
        id: optionId(index),
        name,
        description: described.get(name) ?? '',
        active: index === activeIndex,
      }))
    : [];
  return { fieldProps, onKeyDown, track, listbox, choose };
}
