import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { creditHistoryQueryKey } from '../api/get-credit-history';

/**
 * What an event on the person's credits channel re-reads: the balance (through `refresh`) and
 * every list built from the ledger (the transactions and the stats), so that an operator's grant
 * shows in the history as soon as it shows in the header.
 */
export function useCreditsEventRefresh(refresh: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void refresh();
    void queryClient.invalidateQueries({ queryKey: creditHistoryQueryKey });
  }, [queryClient, refresh]);
}
