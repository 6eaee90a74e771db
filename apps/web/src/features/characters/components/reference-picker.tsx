import { useId, useState } from 'react';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { imageHostUrl, imageSrcSet } from '../../../lib/image-host-url';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useReferenceImages, type ReferenceImage } from '../api/get-reference-images';

/** A reference image's thumbnail: small, cropped square. */
function Thumbnail({ url }: { url: string }) {
  return (
    <img
      src={imageHostUrl(url)}
      srcSet={imageSrcSet(url)}
      sizes="64px"
      alt=""
      loading="lazy"
      className="size-16 rounded-lg object-cover"
    />
  );
}

/** The person's latest finished images, each a button that picks it. */
function ReferenceChoices({ onPick }: { onPick: (image: ReferenceImage) => void }) {
  const images = useReferenceImages(true);
  if (images.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-400">
        <Spinner /> Loading your images…
      </p>
    );
  if (images.isError) return <AlertText>{getErrorMessage(images.error)}</AlertText>;
  if (images.data.length === 0)
    return <p className="text-sm text-zinc-400">You have no finished images yet.</p>;
  return (
    <ul aria-label="Your images" className="flex flex-wrap gap-2">
      {images.data.map((image) => (
        <li key={image.id}>
          <button
            type="button"
            aria-label={`Use as reference: ${image.prompt}`}
            onClick={() => onPick(image)}
            className="rounded-lg border border-glass-border transition hover:border-accent-400"
          >
            <Thumbnail url={image.url} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Reference image": one of the person's own images that images naming the character follow,
 * on models that can (the others ignore it). Chosen from their latest finished images; Remove
 * clears it. `value` is the chosen image's id, `url` its thumbnail when known.
 */
export function ReferencePicker({
  label,
  value,
  url,
  onChange,
}: {
  /** "Reference image", or "Reference image of mira" in an edit beside the new-character form. */
  label: string;
  value: string | null;
  url: string | null;
  onChange: (image: ReferenceImage | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium text-zinc-200">
        {label}
      </span>
      <p className="text-xs text-zinc-400">
        Models that support it keep the character looking like this image.
      </p>
      <div className="flex items-center gap-3">
        {value && url && <Thumbnail url={url} />}
        {value && !url && <span className="text-sm text-zinc-400">Image no longer kept</span>}
        <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(!open)}>
          {open ? 'Close images' : value ? 'Change image' : 'Choose image'}
        </Button>
        {value && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            Remove reference
          </Button>
        )}
      </div>
      {open && (
        <ReferenceChoices
          onPick={(image) => {
            onChange(image);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}
