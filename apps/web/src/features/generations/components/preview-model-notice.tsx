import { useQuery } from '@tanstack/react-query';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { imageEngineQueryOptions } from '../api/get-image-engine';

/** Said in the generation modal before a submit to the preview model. */
export const PREVIEW_MODEL_TEXT =
  'This server has no image model installed yet: images are abstract previews';

function Note({ children, className }: { children: string; className: string }) {
  return (
    <p
      role="note"
      className={`rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100 ${className}`}
    >
      {children}
    </p>
  );
}

/**
 * Tells the person plainly when their images come from the built-in preview model, whose images
 * are abstract: an operator has to install a real model for real images. Given the modal's chosen
 * `model`, it speaks of that model (and whether it costs credits); without one, of the server's
 * engine (GET /image-engine, the gallery's notice).
 */
export function PreviewModelNotice({ model }: { model?: CatalogModel | null }) {
  const { data } = useQuery({ ...imageEngineQueryOptions, enabled: model === undefined });
  if (model !== undefined) {
    if (!model?.is_preview) return null;
    const cost = model.credit_cost === 0 ? ', and they cost no credits.' : '.';
    return <Note className="">{`${PREVIEW_MODEL_TEXT}${cost}`}</Note>;
  }
  if (!data?.is_preview) return null;
  return (
    <Note className="mb-6">{data.notice ?? 'Preview model: install a model for real images'}</Note>
  );
}
