import { useState } from 'react';
import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { HISTORY_PREVIEW_CHARS, PROMPT_PREVIEW_CHARS } from '@nocturne/contract/constants';
import type { GenerationListItem } from '../api/generation-list-schema';
import { generationAnchor, type DerivedCount } from '../utils/derived-counts';
import { statusBadges, type HistoryEntry } from '../utils/history-entries';
import { truncate } from '../utils/truncate';
import { ExpandedPrompts } from './expanded-prompts';
import { DerivedCountLine, DerivedFromLine } from './generation-lineage';
import { GenerationOptionsLine } from './generation-options-line';
import { GenerationStatusBadge } from './generation-status-badge';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The prompt preview (100 characters, expandable to the 150-character history preview). */
function PromptPreview({ prompt }: { prompt: string }) {
  const [expanded, setExpanded] = useState(false);
  const expandable = Array.from(prompt).length > PROMPT_PREVIEW_CHARS;
  const preview = truncate(prompt, expanded ? HISTORY_PREVIEW_CHARS : PROMPT_PREVIEW_CHARS);
  return (
    <>
      <p className="mt-2 text-sm break-words text-zinc-200" title={prompt}>
        {preview}
      </p>
      {expandable && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 text-xs font-medium text-accent-300 hover:text-accent-400"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </>
  );
}

/**
 * A history entry's text: a badge per state among its images and the date, the prompt, the
 * prompts its choices expanded to, the settings, where it came from and what was made of it, and
 * why its failed images failed.
 */
export function HistoryRowText({
  images,
  failed,
  derivedCount,
}: {
  images: HistoryEntry;
  failed: GenerationListItem[];
  derivedCount?: (id: string) => DerivedCount | undefined;
}) {
  const generation = images[0];
  // The badge says Cancelled; the reason is not repeated as an error.
  const errors = [
    ...new Set(
      failed.map((image) => image.error).filter((error) => error && error !== CANCELLED_REASON),
    ),
  ];
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {statusBadges(images).map((image) => (
          <GenerationStatusBadge key={image.id} status={image.status} error={image.error} />
        ))}
        <time dateTime={generation.created_at} className="text-xs text-zinc-500">
          {dateFormat.format(new Date(generation.created_at))}
        </time>
      </div>
      <PromptPreview prompt={generation.content_prompt} />
      <ExpandedPrompts images={images} />
      <GenerationOptionsLine images={images} />
      <DerivedFromLine image={generation} />
      {images.map((image) => (
        <span key={image.id} id={generationAnchor(image.id)} className="scroll-mt-24" />
      ))}
      {images.map((image) => (
        <DerivedCountLine key={image.id} count={derivedCount?.(image.id)} />
      ))}
      {errors.map((error) => (
        <p key={error} className="mt-1 text-xs text-rose-300">
          {error}
        </p>
      ))}
    </>
  );
}
