import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAllowedPhrases,
  getBlockedNames,
  getBlockedTerms,
  moderationListKey,
  removeModerationEntry,
  type ModerationListPath,
} from '../api/moderation-lists-api';

export const useAllowedPhrases = () =>
  useQuery({
    queryKey: moderationListKey('allowed-phrases'),
    queryFn: ({ signal }) => getAllowedPhrases(signal),
  });

export const useBlockedTerms = () =>
  useQuery({
    queryKey: moderationListKey('blocked-terms'),
    queryFn: ({ signal }) => getBlockedTerms(signal),
  });

export const useBlockedNames = () =>
  useQuery({
    queryKey: moderationListKey('blocked-names'),
    queryFn: ({ signal }) => getBlockedNames(signal),
  });

/** A change to one list (`change` adds or removes), refreshing that list once it is done. */
export function useChangeModerationList<T, R>(
  path: ModerationListPath,
  change: (input: T) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationListKey(path) }),
  });
}

/** Removes an entry of a list. */
export const useRemoveEntry = (path: ModerationListPath) =>
  useChangeModerationList(path, (id: string) => removeModerationEntry(path, id));
