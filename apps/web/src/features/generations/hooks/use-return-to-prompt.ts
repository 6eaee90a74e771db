import { useLayoutEffect, type RefObject } from 'react';

/**
 * After a cancel or a refusal brings the person back to the input step, focus goes to the prompt
 * (the thing to change before trying again) and the form's top, where the notice is, scrolls into
 * view. It runs before the dialog's focus trap looks for the removed Cancel or Generate button,
 * so the trap does not take focus to the dialog itself.
 */
export function useReturnToPrompt(
  formRef: RefObject<HTMLFormElement | null>,
  reason: string | null,
): void {
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!reason || !form) return;
    form.scrollIntoView?.({ block: 'start' });
    form.querySelector<HTMLTextAreaElement>('textarea[name="prompt"]')?.focus({
      preventScroll: true,
    });
  }, [formRef, reason]);
}
