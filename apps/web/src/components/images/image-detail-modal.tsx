import { useEffect, useState, type ReactNode } from 'react';
import { downloadFile } from '../../lib/download-file';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

/** One image as the detail view shows it, whether it comes from the gallery or the history. */
export interface DetailImage {
  id: string;
  /** Full URL (already prefixed with the image host). */
  src: string;
  sourcePrompt: string;
  contentPrompt: string;
  createdAt: string;
  /** The name of the model that made it, when known (history rows). */
  model?: string;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const SHORT_ID_LENGTH = 8;

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{term}</dt>
      <dd className="mt-1 text-sm break-words text-zinc-200">{children}</dd>
    </div>
  );
}

/**
 * The full-size view of one image (spec §2 detail modal): the image, both prompts, date, short id
 * and Download. Left and right arrows move to the neighbouring images when the caller has any.
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
  // Keyed by image, so moving to the next image leaves the last one's failure behind.
  const [downloadError, setDownloadError] = useState<{ id: string; message: string } | null>(null);
  const open = image !== null;

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

  async function download() {
    if (!image) return;
    setDownloadError(null);
    try {
      await downloadFile(image.src, downloadName);
    } catch {
      setDownloadError({
        id: image.id,
        message: 'The image could not be downloaded. Please try again.',
      });
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title="Image details"
      footer={
        image &&
        (confirmation ?? (
          <>
            {actions}
            <Button variant="glass" onClick={() => void download()}>
              Download
            </Button>
          </>
        ))
      }
    >
      {image && (
        <div className="grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="relative flex items-center justify-center overflow-hidden rounded-2xl border border-glass-border bg-night-950">
            <img
              src={image.src}
              alt={image.contentPrompt}
              className="max-h-[60dvh] w-full object-contain"
            />
          </div>
          <div className="space-y-4">
            <dl className="space-y-4">
              <Detail term="Prompt">{image.contentPrompt}</Detail>
              <Detail term="Source prompt">{image.sourcePrompt || 'None'}</Detail>
              {image.model && <Detail term="Model">{image.model}</Detail>}
              <Detail term="Created">
                <time dateTime={image.createdAt}>
                  {dateFormat.format(new Date(image.createdAt))}
                </time>
              </Detail>
              <Detail term="ID">
                <span className="font-mono" title={image.id}>
                  {image.id.slice(0, SHORT_ID_LENGTH)}
                </span>
              </Detail>
            </dl>
            {(onPrevious || onNext) && (
              <div className="flex gap-2">
                <Button size="sm" variant="ghost" disabled={!onPrevious} onClick={onPrevious}>
                  ← Previous
                </Button>
                <Button size="sm" variant="ghost" disabled={!onNext} onClick={onNext}>
                  Next →
                </Button>
              </div>
            )}
            {downloadError?.id === image.id && (
              <p role="alert" className="text-sm text-rose-300">
                {downloadError.message}
              </p>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
