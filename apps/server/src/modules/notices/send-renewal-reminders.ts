import { EXPIRING_SOON_DAYS } from '@nocturne/contract/constants';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { people } from '../auth/people-repository';
import { plans } from '../subscriptions/subscriptions-repository';
import { mailNotices } from './notices-tables';
import { mailPreferences } from '../users/preferences-repository';
import type { Logger } from '../../lib/create-logger';
import type { Mailer } from '../mail/create-mailer';
import { renewalReminderMail } from './notice-mails';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mails each active monthly plan ending within EXPIRING_SOON_DAYS (the window in which
 * /subscription offers the renewal) once per paid period, to people whose preferences allow it.
 * The period is named by its expiry instant, so a renewed plan gets a reminder again next time.
 * Answers how many mails went out.
 */
export async function sendRenewalReminders(options: {
  db: DbHandle;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  now?: Date;
}): Promise<number> {
  const { db, mailer, logger, publicUrl } = options;
  const now = options.now ?? new Date();
  const due = await db
    .select({ userId: plans.userId, email: people.email, expiresAt: plans.expiresAt })
    .from(plans)
    .innerJoin(people, eq(people.id, plans.userId))
    .leftJoin(mailPreferences, eq(mailPreferences.userId, plans.userId))
    .leftJoin(
      mailNotices,
      and(
        eq(mailNotices.userId, plans.userId),
        eq(mailNotices.kind, 'subscription_renewal'),
        eq(mailNotices.occasion, plans.expiresAt),
      ),
    )
    .where(
      and(
        eq(plans.status, 'active'),
        eq(plans.isLifetime, false),
        gt(plans.expiresAt, now),
        lte(plans.expiresAt, new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS)),
        or(isNull(mailPreferences.userId), eq(mailPreferences.emailSubscriptionRenewal, true)),
        isNull(mailNotices.userId),
      ),
    );

  let sent = 0;
  for (const row of due) {
    if (!row.expiresAt) continue;
    const occasion = row.expiresAt;
    const claimed = await db
      .insert(mailNotices)
      .values({ userId: row.userId, kind: 'subscription_renewal', occasion })
      .onConflictDoNothing()
      .returning({ userId: mailNotices.userId });
    if (claimed.length === 0) continue;
    try {
      await mailer.sendMail(
        renewalReminderMail({
          to: row.email,
          expiresAt: row.expiresAt,
          renewUrl: `${publicUrl}/subscription`,
          profileUrl: `${publicUrl}/profile`,
        }),
      );
      sent += 1;
    } catch (error) {
      // Give the claim back so the next tick tries again.
      await db
        .delete(mailNotices)
        .where(
          and(
            eq(mailNotices.userId, row.userId),
            eq(mailNotices.kind, 'subscription_renewal'),
            eq(mailNotices.occasion, occasion),
          ),
        );
      logger.error({ err: error, userId: row.userId }, 'renewal reminder mail failed');
    }
  }
  return sent;
}
