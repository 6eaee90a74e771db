import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The glass card every auth screen sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="glass-panel animate-pop-in w-full max-w-md rounded-3xl p-6 sm:p-8">
      <h1 className="font-display text-3xl font-semibold text-white">{title}</h1>
      {subtitle && <p className="mt-2 text-sm text-zinc-400">{subtitle}</p>}
      <div className="mt-6">{children}</div>
      {footer && (
        <div className="mt-6 border-t border-glass-border pt-5 text-center text-sm text-zinc-400">
          {footer}
        </div>
      )}
    </div>
  );
}

/** An AuthCard footer that points to the other auth screen: "New to Nocturne? Create Account". */
export function AuthCardFooterLink({
  prompt,
  to,
  children,
}: {
  prompt: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <>
      {prompt}{' '}
      <Link to={to} className="font-medium text-accent-300 hover:text-white">
        {children}
      </Link>
    </>
  );
}
