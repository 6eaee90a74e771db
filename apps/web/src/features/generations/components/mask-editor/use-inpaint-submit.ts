import { useRef } from 'react';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { useInpaintGeneration } from '../../api/inpaint-generation';
import type { InpaintAction } from '../../types';
import { createIdempotencyKey } from '../../utils/idempotency-key';

type InpaintBody = Omit<InpaintAction, 'kind' | 'requestId'>;

/**
 * The editor's submit: one Idempotency-Key per body, so sending the same mask, prompt and strength
 * again after a lost answer is charged once; a changed body is a new request. `onSent` gets the
 * action with the request id the server answered.
 */
export function useInpaintSubmit(sourceId: string, onSent: (action: InpaintAction) => void) {
  const mutation = useInpaintGeneration();
  const last = useRef<{ body: string; key: string } | null>(null);

  function send(body: InpaintBody) {
    const action: InpaintAction = { kind: 'inpaint', ...body };
    const text = JSON.stringify(body);
    const key = last.current?.body === text ? last.current.key : createIdempotencyKey();
    last.current = { body: text, key };
    mutation.mutate(
      { sourceId, action, idempotencyKey: key },
      {
        onSuccess: ({ requestId }) => {
          last.current = null;
          onSent({ ...action, requestId });
        },
      },
    );
  }

  return {
    send,
    sending: mutation.isPending,
    error: mutation.isError ? getErrorMessage(mutation.error) : null,
    reset: mutation.reset,
  };
}
