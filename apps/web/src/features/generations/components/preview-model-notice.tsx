import { useImageEngineQuery } from '../api/get-image-engine';

/**
 * Tells the user plainly when the server runs the built-in preview model, whose images are
 * abstract: an operator has to install a real model for real images.
 */
export function PreviewModelNotice() {
  const { data } = useImageEngineQuery();
  if (!data?.is_preview) return null;
  return (
    <p
      role="note"
      className="mb-6 rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
    >
      {data.notice ?? 'Preview model: install a model for real images'}
    </p>
  );
}
