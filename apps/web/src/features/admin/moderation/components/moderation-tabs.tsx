import { Link } from 'react-router';
import { cn } from '../../../../lib/cn';
import { useOpenRefusalsCount } from '../hooks/use-refusals';
import { MODERATION_TABS, type ModerationTab } from '../utils/moderation-labels';

/** The page's parts as links (the part is in the URL), Refusals with how many wait. */
export function ModerationTabs({ current }: { current: ModerationTab }) {
  const open = useOpenRefusalsCount();
  return (
    <nav aria-label="Moderation" className="mb-5">
      <ul className="flex flex-wrap gap-1 border-b border-glass-border pb-2">
        {(Object.keys(MODERATION_TABS) as ModerationTab[]).map((tab) => (
          <li key={tab}>
            <Link
              to={{ search: tab === 'refusals' ? '' : `?tab=${tab}` }}
              aria-current={tab === current ? 'page' : undefined}
              className={cn(
                'flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-accent-400',
                tab === current
                  ? 'bg-glass-strong font-medium text-white'
                  : 'text-zinc-400 hover:bg-glass hover:text-white',
              )}
            >
              {MODERATION_TABS[tab]}
              {tab === 'refusals' && open !== undefined && open > 0 && (
                <>
                  <span
                    aria-hidden="true"
                    className="rounded-full bg-accent-600 px-2 text-xs text-white"
                  >
                    {open}
                  </span>
                  <span className="sr-only">, {open} to review</span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
