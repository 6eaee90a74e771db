import type { ComponentProps } from 'react';
import { lazyOnOpen } from '../../../components/ui/lazy-on-open';
import type { FavoriteDetailModal } from './favorite-detail-modal';

/**
 * The gallery's detail view, closed when the dashboard first loads: its code (and the dialog's)
 * comes when a favorite is first opened. `open` says whether one is.
 */
export const LazyFavoriteDetailModal = lazyOnOpen<
  ComponentProps<typeof FavoriteDetailModal> & { open: boolean }
>(() => import('./favorite-detail-modal').then((module) => module.FavoriteDetailModal));
