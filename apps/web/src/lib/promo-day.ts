/**
 * Spec §3 local storage: promoModalShownToday holds the calendar day (local time, YYYY-MM-DD) the
 * daily promo modal was last shown, so it shows at most once a day on this device.
 */
export const PROMO_STORAGE_KEY = 'promoModalShownToday';

export function calendarDay(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

export function wasPromoShownToday(now: Date = new Date()): boolean {
  try {
    return localStorage.getItem(PROMO_STORAGE_KEY) === calendarDay(now);
  } catch {
    // Blocked storage cannot remember the day; staying quiet beats showing it on every visit.
    return true;
  }
}

export function markPromoShown(now: Date = new Date()): void {
  try {
    localStorage.setItem(PROMO_STORAGE_KEY, calendarDay(now));
  } catch {
    // Blocked storage: nothing to remember it in.
  }
}
