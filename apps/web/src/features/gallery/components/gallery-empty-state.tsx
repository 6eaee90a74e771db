import { Button } from '../../../components/ui/button';

/** 'Your gallery is empty' (nothing saved yet) or 'No images found' (nothing matches the view). */
export function GalleryEmptyState({
  filtered,
  onGenerate,
  onClearFilters,
}: {
  filtered: boolean;
  onGenerate: () => void;
  onClearFilters: () => void;
}) {
  return (
    <div className="glass-panel rounded-3xl px-6 py-14 text-center">
      <div
        aria-hidden="true"
        className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-accent-500/15 text-2xl text-accent-300"
      >
        ✦
      </div>
      {filtered ? (
        <>
          <h2 className="text-lg font-semibold text-white">No images found</h2>
          <p className="mt-2 text-sm text-zinc-400">
            Nothing in your gallery matches this search and time filter.
          </p>
          <Button className="mt-5" variant="glass" onClick={onClearFilters}>
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold text-white">Your gallery is empty</h2>
          <p className="mt-2 text-sm text-zinc-400">
            Generate an image and press Save to favorites: it stays here for you.
          </p>
          {/* Not 'Generate Image': the page header already has the one button of that name. */}
          <Button className="mt-5" onClick={onGenerate}>
            Generate your first image
          </Button>
        </>
      )}
    </div>
  );
}
