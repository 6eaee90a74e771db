import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface AlertTextProps {
  children: ReactNode;
  /** `sm` under a form or section, `xs` inside a compact list row. */
  size?: 'sm' | 'xs';
  /** Layout extras only (margin, alignment, flex basis); the colour and type size are set here. */
  className?: string;
  /** Lets a control name the message in its `aria-describedby`. */
  id?: string;
}

/**
 * The inline error line: a short message under the form, action or list it is about, in the
 * app's rose error colour, which screen readers announce as it appears (`role="alert"`). Every
 * such message renders through it, so they all look and speak the same. Boxed banners and a
 * Field's own error (linked by `aria-describedby`, not announced) are separate.
 */
export function AlertText({ children, size = 'sm', className, id }: AlertTextProps) {
  return (
    <p
      id={id}
      role="alert"
      className={cn(size === 'xs' ? 'text-xs' : 'text-sm', 'text-rose-300', className)}
    >
      {children}
    </p>
  );
}
