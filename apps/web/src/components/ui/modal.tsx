import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { IconButton } from './icon-button';
import type { ModalSize } from './modal-sizes';
import { dialogUnderneath, restoreFocus } from './restore-focus';
import { useKeyboardScrollable } from './use-keyboard-scrollable';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Read by assistive technology with the title when the dialog opens. */
  description?: ReactNode;
  children: ReactNode;
  size?: ModalSize;
  /** Spec §1: backdrop clicks close the modal unless configured otherwise. */
  closeOnBackdrop?: boolean;
  closeOnEscape?: boolean;
  showCloseButton?: boolean;
  footer?: ReactNode;
  className?: string;
}

const sizes: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
  full: 'max-w-none h-full sm:h-[calc(100dvh-3rem)]',
};

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-5">
      <path
        d="M5 5l10 10M15 5L5 15"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

const preventDefault = (event: Event) => event.preventDefault();

/**
 * The UI kit's dialog on Radix Dialog, which owns focus trapping, Escape, outside clicks, scroll
 * lock and stacking: a modal opened over another one takes Escape and Tab from it until it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  size = 'md',
  closeOnBackdrop = true,
  closeOnEscape = true,
  showCloseButton = true,
  footer,
  className,
}: ModalProps) {
  // Callers open modals from state rather than a Dialog.Trigger, so Radix has nothing to give
  // focus back to; the element focused at opening (maybe inside a dialog underneath) gets it.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const underneathRef = useRef<HTMLElement | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const bodyRef = useKeyboardScrollable(typeof title === 'string' ? title : 'Dialog content');

  function onOpenAutoFocus(event: Event) {
    returnFocusRef.current = document.activeElement as HTMLElement | null;
    underneathRef.current = dialogUnderneath(contentRef.current);
    const preferred = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
      '[data-autofocus]',
    );
    if (preferred) {
      event.preventDefault();
      preferred.focus();
    }
  }

  function onCloseAutoFocus(event: Event) {
    event.preventDefault();
    restoreFocus(returnFocusRef.current, underneathRef.current);
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-6">
          <div
            data-testid="modal-backdrop"
            aria-hidden="true"
            className="animate-fade-in absolute inset-0 bg-night-950/75 backdrop-blur-sm"
          />
          <Dialog.Content
            ref={contentRef}
            aria-modal="true"
            onOpenAutoFocus={onOpenAutoFocus}
            onCloseAutoFocus={onCloseAutoFocus}
            onEscapeKeyDown={closeOnEscape ? undefined : preventDefault}
            onPointerDownOutside={closeOnBackdrop ? undefined : preventDefault}
            className={cn(
              'animate-pop-in relative flex max-h-[92dvh] w-full flex-col rounded-t-3xl border border-glass-border bg-night-900/95 shadow-panel backdrop-blur-xl outline-none sm:rounded-3xl',
              sizes[size],
              className,
            )}
          >
            <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6">
              <Dialog.Title className="pt-1.5 text-lg font-semibold text-white">
                {title}
              </Dialog.Title>
              {showCloseButton && (
                <Dialog.Close asChild>
                  <IconButton aria-label="Close modal" icon={<CloseIcon />} size="sm" />
                </Dialog.Close>
              )}
            </div>
            {description && (
              <Dialog.Description className="px-5 text-sm text-zinc-400 sm:px-6">
                {description}
              </Dialog.Description>
            )}
            <div ref={bodyRef} className="overflow-y-auto px-5 py-4 sm:px-6">
              {children}
            </div>
            {footer && (
              <div className="flex flex-wrap justify-end gap-2 border-t border-glass-border px-5 py-4 sm:px-6">
                {footer}
              </div>
            )}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
