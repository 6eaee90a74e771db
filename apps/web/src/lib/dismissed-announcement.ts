/**
 * The id of the announcement this device dismissed: a new announcement has a new id, so it shows
 * again; the one dismissed stays hidden on every page and visit.
 */
export const DISMISSED_ANNOUNCEMENT_KEY = 'dismissedAnnouncement';

export function isAnnouncementDismissed(id: string): boolean {
  try {
    return localStorage.getItem(DISMISSED_ANNOUNCEMENT_KEY) === id;
  } catch {
    // Blocked storage cannot remember a dismissal: the banner shows until the page closes it.
    return false;
  }
}

export function dismissAnnouncement(id: string): void {
  try {
    localStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, id);
  } catch {
    // Blocked storage: nothing to remember it in.
  }
}
