import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

const SECTIONS = [
  { label: 'Overview', href: paths.admin.overview.getHref(), end: true },
  { label: 'People', href: paths.admin.people.getHref(), end: false },
  { label: 'Moderation', href: paths.admin.moderation.getHref(), end: false },
  { label: 'Payments', href: paths.admin.payments.getHref(), end: false },
  { label: 'Models', href: paths.admin.models.getHref(), end: false },
  { label: 'Settings', href: paths.admin.settings.getHref(), end: false },
  { label: 'Audit log', href: paths.admin.audit.getHref(), end: false },
] as const;

/**
 * The console's sections: a column beside the page on wide screens, a row that scrolls sideways
 * under the header on phones, where the current section is scrolled into the middle of the row
 * (Models and the sections after it start out of sight on a phone).
 */
export function ConsoleNav() {
  const row = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    // Only the row scrolls, never the page (scrollIntoView would move every scrolled ancestor).
    const rowBox = list.getBoundingClientRect();
    const linkBox = current.getBoundingClientRect();
    list.scrollLeft += linkBox.left - rowBox.left - (rowBox.width - linkBox.width) / 2;
  }, [pathname]);
  return (
    <nav aria-label="Console sections" className="lg:w-48 lg:shrink-0">
      <ul
        ref={row}
        className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0"
      >
        {SECTIONS.map((section) => (
          <li key={section.href} className="shrink-0">
            <NavLink
              to={section.href}
              end={section.end}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center rounded-xl px-3 text-sm whitespace-nowrap transition',
                  isActive
                    ? 'bg-glass-strong font-medium text-white'
                    : 'text-zinc-400 hover:bg-glass hover:text-white',
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
