import { lazyOnOpen } from '../../../components/ui/lazy-on-open';

/**
 * The credit-pack dialog as the header and the status line render it, closed on every signed-in
 * first load: its code (and the dialog's) comes when it first opens.
 */
export const LazyBuyCreditsDialog = lazyOnOpen(() =>
  import('./buy-credits-dialog').then((module) => module.BuyCreditsDialog),
);
