import type { Announcement } from '@nocturne/contract/admin/service-settings';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { afterPageLoad } from '../../../lib/after-page-load';
import { cn } from '../../../lib/cn';
import { dismissAnnouncement, isAnnouncementDismissed } from '../../../lib/dismissed-announcement';
import { serviceStatusQueryOptions } from '../../../lib/service-status';

const levels = {
  info: 'border-sky-400/30 bg-sky-500/10 text-sky-100',
  warning: 'border-amber-400/30 bg-amber-400/10 text-amber-100',
} as const;

/** Hides the banner at its end time while the page stays open. */
function useEnded(announcement: Announcement | null | undefined): boolean {
  const endsAt = announcement ? Date.parse(announcement.ends_at) : Number.POSITIVE_INFINITY;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(endsAt) || endsAt <= now) return;
    // setTimeout holds at most ~24.8 days; a later end is checked again then.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(endsAt - now, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [endsAt, now]);
  return endsAt <= now;
}

/** True once the first page has shown its data: the banner's read never delays it. */
function usePageShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterPageLoad().then(() => mounted && setShown(true));
    return () => {
      mounted = false;
    };
  }, []);
  return shown;
}

/**
 * The operator's announcement above every signed-in page until it ends or this device
 * dismisses it (remembered per announcement).
 */
export function AnnouncementBanner() {
  const pageShown = usePageShown();
  const announcement = useQuery({ ...serviceStatusQueryOptions, enabled: pageShown }).data
    ?.announcement;
  const ended = useEnded(announcement);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  if (!announcement || ended) return null;
  const { id, text, level } = announcement;
  if (dismissedId === id || isAnnouncementDismissed(id)) return null;
  return (
    <div
      role={level === 'warning' ? 'alert' : 'status'}
      data-testid="announcement"
      className={cn('border-b px-4 py-2 text-sm', levels[level])}
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 sm:px-2">
        <p className="min-w-0 break-words">{text}</p>
        <button
          type="button"
          className="min-h-11 shrink-0 rounded-lg px-3 font-medium underline-offset-2 hover:underline"
          onClick={() => {
            dismissAnnouncement(id);
            setDismissedId(id);
          }}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
