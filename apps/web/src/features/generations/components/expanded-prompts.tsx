import type { GenerationListItem } from '../api/generation-list-schema';

/** The prompt each image of a submit got when its prompt had `{a|b}` choices. */
export function ExpandedPrompts({ images }: { images: GenerationListItem[] }) {
  if (!images.some((image) => image.expanded_prompt !== null)) return null;
  return (
    <ol aria-label="Prompt of each image" className="mt-1 flex flex-col gap-0.5 text-xs">
      {images.map((image) => (
        <li key={image.id} className="break-words text-zinc-400">
          <span className="text-zinc-500">Image {image.image_index + 1}:</span>{' '}
          {image.expanded_prompt ?? image.content_prompt}
        </li>
      ))}
    </ol>
  );
}
