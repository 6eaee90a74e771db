import { useMutation } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { downloadFile } from '../../lib/download-file';
import { AlertText } from '../ui/alert-text';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { imageDetailFacts, type DetailOptions } from './image-detail-facts';

/** One image as the detail view shows it, whether it comes from the gallery or the history. */
export interface DetailImage {
  id: string;
  /** Full URL (already prefixed with the image host). */
  src: string;
  sourcePrompt: string;
  contentPrompt: string;
  createdAt: string;
  /** The options it was made with; null when none were kept. */
  options?: DetailOptions | null;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const SHORT_ID_LENGTH = 8;

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** While the view is open, the left and right arrows call `onPrevious` and `onNext`. */
function useArrowKeys(open: boolean, onPrevious?: () => void, onNext?: () => void) {
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || isTyping(event.target)) return;
      const move =
        event.key === 'ArrowLeft' ? onPrevious : event.key === 'ArrowRight' ? onNext : undefined;
      if (!move) return;
      event.preventDefault();
      move();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onPrevious, onNext]);
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{term}</dt>
      <dd className="mt-1 text-sm break-words text-zinc-200">{children}</dd>
    </div>
  );
}

/** The image's prompts, options, date and short id. */
function ImageDetails({ image }: { image: DetailImage }) {
  return (
    <dl className="space-y-4">
      {imageDetailFacts(image).map((fact) => (
        <Detail key={fact.term} term={fact.term}>
          {fact.mono ? <span className="font-mono">{fact.value}</span> : fact.value}
        </Detail>
      ))}
      <Detail term="Created">
        <time dateTime={image.createdAt}>{dateFormat.format(new Date(image.createdAt))}</time>
      </Detail>
      <Detail term="ID">
        <span className="font-mono" title={image.id}>
          {image.id.slice(0, SHORT_ID_LENGTH)}
        </span>
      </Detail>
    </dl>
  );
}

/** Previous and Next, when the caller has neighbouring images. */
function ImageSteps({ onPrevious, onNext }: { onPrevious?: () => void; onNext?: () => void }) {
  if (!onPrevious && !onNext) return null;
  return (
    <div className="flex gap-2">
      <Button size="sm" variant="ghost" disabled={!onPrevious} onClick={onPrevious}>
        ← Previous
      </Button>
      <Button size="sm" variant="ghost" disabled={!onNext} onClick={onNext}>
        Next →
      </Button>
    </div>
  );
}

/**
 * The full-size view of one image (spec §2 detail modal): the image, its prompts and every option
 * it was made with, date, short id and Download. Left and right arrows move to the neighbouring images when the caller has any.
 */
export function ImageDetailModal({
  image,
  onClose,
  downloadName,
  onPrevious,
  onNext,
  actions,
  confirmation,
}: {
  image: DetailImage | null;
  onClose: () => void;
  downloadName: string;
  onPrevious?: () => void;
  onNext?: () => void;
  /** More buttons beside Download (the gallery's Remove). */
  actions?: ReactNode;
  /** A question that takes the footer's place until it is answered (the gallery's removal). */
  confirmation?: ReactNode;
}) {
  const download = useMutation({
    mutationFn: (shown: DetailImage) => downloadFile(shown.src, downloadName),
  });
  // Moving to the next image leaves the last one's failure behind.
  const downloadFailed = download.isError && download.variables.id === image?.id;
  useArrowKeys(image !== null, onPrevious, onNext);

  return (
    <Modal
      open={image !== null}
      onClose={onClose}
      size="xl"
      title="Image details"
      footer={
        image &&
        (confirmation ?? (
          <>
            {actions}
            <Button variant="glass" onClick={() => download.mutate(image)}>
              Download
            </Button>
          </>
        ))
      }
    >
      {image && (
        <div className="grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="relative flex items-center justify-center self-start overflow-hidden rounded-2xl border border-glass-border bg-night-950">
            <img
              src={image.src}
              alt={image.contentPrompt}
              className="max-h-[60dvh] w-full object-contain"
            />
          </div>
          <div className="space-y-4">
            <ImageDetails image={image} />
            <ImageSteps onPrevious={onPrevious} onNext={onNext} />
            {downloadFailed && (
              <AlertText>The image could not be downloaded. Please try again.</AlertText>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
