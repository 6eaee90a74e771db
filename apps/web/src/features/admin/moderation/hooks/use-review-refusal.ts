import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../../lib/api-client';
import { confirmRefusal, markFalsePositive, refusalsKey } from '../api/refusals-api';
import { moderationListKey } from '../api/moderation-lists-api';

export type ReviewInput =
  | { kind: 'confirm'; id: string; reason: string }
  | { kind: 'false_positive'; id: string; reason: string; phrase: string };

/**
 * Confirms a refusal or marks it a false positive, then refreshes the queue and its counts; a
 * refusal another operator reviewed first refreshes them too, so it leaves the queue.
 */
export function useReviewRefusal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      input.kind === 'confirm'
        ? confirmRefusal(input.id, input.reason)
        : markFalsePositive(input.id, input.reason, input.phrase),
    onSuccess: async (_, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: refusalsKey }),
        input.kind === 'false_positive' &&
          queryClient.invalidateQueries({ queryKey: moderationListKey('allowed-phrases') }),
      ]);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'REFUSAL_ALREADY_REVIEWED') {
        void queryClient.invalidateQueries({ queryKey: refusalsKey });
      }
    },
  });
}
