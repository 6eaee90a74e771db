import type { ServiceStatus } from '@nocturne/contract/admin/service-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clearAnnouncement, putAnnouncement, settingsQueryOptions } from '../api/settings-api';

/**
 * Publishing and ending the announcement, each answered with the settings after it, and what the
 * card says about the last of the two the operator did.
 */
export function useAnnouncementChanges() {
  const queryClient = useQueryClient();
  const [lastAction, setLastAction] = useState<'set' | 'cleared'>('set');
  const onSuccess = (next: ServiceStatus) =>
    queryClient.setQueryData(settingsQueryOptions.queryKey, next);
  const save = useMutation({
    mutationFn: putAnnouncement,
    onMutate: () => setLastAction('set'),
    onSuccess,
  });
  const clear = useMutation({
    mutationFn: clearAnnouncement,
    onMutate: () => setLastAction('cleared'),
    onSuccess: (next) => {
      save.reset();
      onSuccess(next);
    },
  });
  const shown = lastAction === 'cleared' && !save.isPending ? clear : save;
  return {
    save,
    clear,
    feedback: {
      error: shown.error,
      saved: shown.isSuccess,
      savedText: lastAction === 'cleared' ? 'Ended: nobody sees it now.' : 'Published.',
    },
  };
}
