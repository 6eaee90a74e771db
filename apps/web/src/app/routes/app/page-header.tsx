import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Heading of a signed-in page, with the spec's back link to /dashboard where it has one. */
export function PageHeader({
  title,
  backToDashboard = false,
  children,
}: {
  title: string;
  backToDashboard?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="mb-8">
      {backToDashboard && (
        <Link
          to={paths.app.dashboard.getHref()}
          className="mb-4 inline-flex items-center gap-1.5 rounded-lg text-sm text-zinc-400 transition hover:text-white"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
            <path
              d="M12.5 5l-5 5 5 5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          Back to Dashboard
        </Link>
      )}
      <h1 className="font-display text-3xl font-semibold text-white sm:text-4xl">{title}</h1>
      {children && <div className="mt-2 text-sm text-zinc-400">{children}</div>}
    </div>
  );
}
