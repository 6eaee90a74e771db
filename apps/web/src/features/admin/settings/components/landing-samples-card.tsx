import { zodResolver } from '@hookform/resolvers/zod';
import {
  LANDING_SAMPLES_MAX,
  putLandingSamplesRequestSchema,
  type PutLandingSamplesRequest,
} from '@nocturne/contract/admin/landing-samples';
import type { FindFavoritesResponse } from '@nocturne/contract/favorites/find-favorites';
import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useController, useForm, type UseFormReturn } from 'react-hook-form';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { SectionCard } from '../../../../components/ui/section-card';
import { Spinner } from '../../../../components/ui/spinner';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { imageHostUrl } from '../../../../lib/image-host-url';
import { landingSamplesQueryOptions, putLandingSamples } from '../api/settings-api';
import { SaveFeedback } from './save-feedback';

function moved(ids: string[], id: string, by: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

function FavoriteChoice(props: {
  favorite: Favorite;
  position: number;
  count: number;
  full: boolean;
  onToggle: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const { favorite, position, count } = props;
  const chosen = position >= 0;
  const prompt = favorite.source_prompt || favorite.content_prompt;
  return (
    <li className="min-w-0 rounded-2xl border border-glass-border p-2">
      <img
        src={imageHostUrl(favorite.result_image_url)}
        alt={prompt}
        className="aspect-square w-full rounded-xl object-cover"
      />
      <p className="mt-2 line-clamp-2 text-xs text-zinc-300" title={prompt}>
        {prompt}
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <Checkbox
          label={chosen ? `On the landing, #${position + 1}` : 'On the landing'}
          checked={chosen}
          disabled={!chosen && props.full}
          onChange={props.onToggle}
        />
        {chosen && (
          <span className="flex gap-1">
            <Button
              type="button"
              size="xs"
              variant="glass"
              aria-label={`Move “${prompt}” earlier`}
              disabled={position === 0}
              onClick={() => props.onMove(-1)}
            >
              ↑
            </Button>
            <Button
              type="button"
              size="xs"
              variant="glass"
              aria-label={`Move “${prompt}” later`}
              disabled={position === count - 1}
              onClick={() => props.onMove(1)}
            >
              ↓
            </Button>
          </span>
        )}
      </div>
    </li>
  );
}

/** The chosen favorites, in the landing's order, as the contract's body holds them. */
type SamplesForm = UseFormReturn<PutLandingSamplesRequest>;

/** The operator's favorites to tick and order, with the count chosen and Save. */
function LandingSamplesForm({ list, saved }: { list: Favorite[]; saved: string[] }) {
  const queryClient = useQueryClient();
  const form: SamplesForm = useForm({
    resolver: zodResolver(putLandingSamplesRequestSchema),
    defaultValues: { favorite_ids: saved },
  });
  const { field } = useController({ control: form.control, name: 'favorite_ids' });
  const ids = field.value;
  const save = useMutation({
    mutationFn: putLandingSamples,
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: landingSamplesQueryOptions.queryKey }),
  });
  const change = (next: string[]) => {
    save.reset();
    field.onChange(next);
  };
  const submit = form.handleSubmit(({ favorite_ids }) => save.mutate(favorite_ids));
  return (
    <form className="space-y-4" onSubmit={submit}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {list.map((favorite) => (
          <FavoriteChoice
            key={favorite.id}
            favorite={favorite}
            position={ids.indexOf(favorite.id)}
            count={ids.length}
            full={ids.length >= LANDING_SAMPLES_MAX}
            onToggle={() =>
              change(
                ids.includes(favorite.id)
                  ? ids.filter((id) => id !== favorite.id)
                  : [...ids, favorite.id],
              )
            }
            onMove={(by) => change(moved(ids, favorite.id, by))}
          />
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          Save landing samples
        </Button>
        <span className="text-sm text-zinc-400">
          {ids.length} of {LANDING_SAMPLES_MAX} chosen
        </span>
        <SaveFeedback
          error={save.error}
          saved={save.isSuccess}
          savedText={
            ids.length === 0
              ? 'Saved: the landing shows its illustrations.'
              : 'Saved: the landing shows them now.'
          }
        />
      </div>
    </form>
  );
}

/**
 * The landing's samples, picked and ordered from the operator's own favorites (`loadFavorites`:
 * the gallery's read, passed in by the route).
 */
export function LandingSamplesCard({
  loadFavorites,
}: {
  loadFavorites: (signal: AbortSignal) => Promise<FindFavoritesResponse>;
}) {
  const favorites = useQuery({
    queryKey: ['admin', 'own-favorites'],
    queryFn: ({ signal }) => loadFavorites(signal),
  });
  const samples = useQuery(landingSamplesQueryOptions);
  const list = favorites.data?.favorites ?? [];
  const error = favorites.error ?? samples.error;
  return (
    <SectionCard
      id="landing-samples"
      title="Landing samples"
      description={`Up to ${LANDING_SAMPLES_MAX} of your favorites, shown on the landing as “Made with Nocturne”, its built-in illustrations filling the rest of the row. Images made by the preview model cannot be chosen: they are abstract colours, not pictures.`}
    >
      {error ? (
        <AlertText>{getErrorMessage(error)}</AlertText>
      ) : !favorites.data || !samples.data ? (
        <p className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner /> Loading your favorites…
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-zinc-400">
          Your favorites would appear here. Save images you made to your favorites first.
        </p>
      ) : (
        <LandingSamplesForm
          list={list}
          // The chosen samples among the favorites still listed.
          saved={samples.data.samples
            .map((sample) => sample.favorite_id)
            .filter((id) => list.some((favorite) => favorite.id === id))}
        />
      )}
    </SectionCard>
  );
}
