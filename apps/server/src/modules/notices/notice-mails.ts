import { escapeHtml } from '../../lib/escape-html';
import type { MailMessage } from '../mail/create-mailer';

const PREFERENCES_HINT = 'You can turn these emails off under Preferences on your profile.';

function formatDay(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Monthly plans are paid period by period in crypto: nothing renews unless the person pays. */
export function renewalReminderMail(options: {
  to: string;
  expiresAt: Date;
  renewUrl: string;
  profileUrl: string;
}): MailMessage {
  const day = formatDay(options.expiresAt);
  const intro = `Your Nocturne Premium monthly plan ends on ${day} (UTC).`;
  const why =
    'Crypto payments do not renew by themselves: pay the next month before then to keep unlimited generations.';
  return {
    to: options.to,
    subject: `Your Nocturne Premium ends on ${day}`,
    text: [intro, why, '', 'Renew Premium:', options.renewUrl, '', PREFERENCES_HINT].join('\n'),
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(why)}</p>` +
      `<p><a href="${escapeHtml(options.renewUrl)}">Renew Premium</a></p>` +
      `<p><a href="${escapeHtml(options.profileUrl)}">${escapeHtml(PREFERENCES_HINT)}</a></p>`,
  };
}

/** The export is streamed to the browser that asked; this says it completed (and that it happened). */
export function exportReadyMail(options: {
  to: string;
  exportedAt: Date;
  fileName: string;
  profileUrl: string;
}): MailMessage {
  const intro = `Your Nocturne data export (${options.fileName}) is ready: it finished downloading on ${formatDay(options.exportedAt)}.`;
  const safety =
    'It holds your profile, generations, favorites, credit history and images. If you did not ask for it, change your password now.';
  return {
    to: options.to,
    subject: 'Your Nocturne data export is ready',
    text: [intro, safety, '', PREFERENCES_HINT, options.profileUrl].join('\n'),
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(safety)}</p>` +
      `<p><a href="${escapeHtml(options.profileUrl)}">${escapeHtml(PREFERENCES_HINT)}</a></p>`,
  };
}
