import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { user } from '../auth/auth-tables';
import type { Database } from '../../db/database';
import { subscriptions } from '../subscriptions/subscriptions-tables';
import { mailNotices } from './notices-tables';
import { userPreferences } from '../users/users-tables';
import { createLogger } from '../../lib/create-logger';
import type { MailMessage, Mailer } from '../mail/create-mailer';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { sendRenewalReminders } from './send-renewal-reminders';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-22T12:00:00Z');
const logger = createLogger({ LOG_LEVEL: 'silent' });

function recordingMailer(failWith?: Error): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    outboxDir: undefined,
    async sendMail(message) {
      if (failWith) throw failWith;
      sent.push(message);
    },
  };
}

describe('sendRenewalReminders', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(subscriptions);
  });

  async function userWithPlan(plan: {
    expiresInDays: number | null;
    status?: 'active' | 'expired' | 'cancelled' | 'pending';
    lifetime?: boolean;
  }) {
    const userId = await insertTestUser(database.db);
    await database.db.insert(subscriptions).values({
      userId,
      plan: plan.lifetime ? 'lifetime' : 'monthly',
      status: plan.status ?? 'active',
      isLifetime: plan.lifetime ?? false,
      expiresAt:
        plan.expiresInDays === null ? null : new Date(NOW.getTime() + plan.expiresInDays * DAY_MS),
    });
    return userId;
  }

  const run = (mailer: Mailer, now = NOW) =>
    sendRenewalReminders({
      db: database.db,
      mailer,
      logger,
      publicUrl: 'https://nocturne.example',
      now,
    });

  it('mails a monthly plan ending within 7 days once per period, with the renewal link', async () => {
    const userId = await userWithPlan({ expiresInDays: 3 });
    const mailer = recordingMailer();

    expect(await run(mailer)).toBe(1);
    expect(await run(mailer, new Date(NOW.getTime() + DAY_MS))).toBe(0);

    const [email] = await database.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, userId));
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: email?.email,
      subject: 'Your Nocturne Premium ends on November 25, 2026',
    });
    expect(mailer.sent[0]?.text).toContain('https://nocturne.example/subscription');
    expect(mailer.sent[0]?.text).toContain('Preferences');

    // The renewed plan ends a month later: that period gets its own reminder when it comes near.
    await database.db
      .update(subscriptions)
      .set({ expiresAt: new Date(NOW.getTime() + 33 * DAY_MS) })
      .where(eq(subscriptions.userId, userId));
    expect(await run(mailer)).toBe(0);
    expect(await run(mailer, new Date(NOW.getTime() + 28 * DAY_MS))).toBe(1);
  });

  it('leaves out plans outside the window, lifetime plans and plans that are not active', async () => {
    await userWithPlan({ expiresInDays: 8 });
    await userWithPlan({ expiresInDays: -1 });
    await userWithPlan({ expiresInDays: null, lifetime: true });
    await userWithPlan({ expiresInDays: 2, status: 'cancelled' });
    await userWithPlan({ expiresInDays: 2, status: 'expired' });
    const mailer = recordingMailer();
    expect(await run(mailer)).toBe(0);
    expect(await run(mailer, new Date(NOW.getTime() + DAY_MS))).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('honours the preference', async () => {
    const userId = await userWithPlan({ expiresInDays: 1 });
    await database.db.insert(userPreferences).values({ userId, emailSubscriptionRenewal: false });
    expect(await run(recordingMailer())).toBe(0);

    await database.db
      .update(userPreferences)
      .set({ emailSubscriptionRenewal: true })
      .where(eq(userPreferences.userId, userId));
    expect(await run(recordingMailer())).toBe(1);
  });

  it('gives the claim back when the mail cannot be sent, so the next run retries', async () => {
    const userId = await userWithPlan({ expiresInDays: 5 });
    expect(await run(recordingMailer(new Error('SMTP down')))).toBe(0);
    expect(
      await database.db.select().from(mailNotices).where(eq(mailNotices.userId, userId)),
    ).toEqual([]);
    expect(await run(recordingMailer())).toBe(1);
  });

  it('two runs at once send one mail', async () => {
    await userWithPlan({ expiresInDays: 4 });
    const mailer = recordingMailer();
    const counts = await Promise.all([run(mailer), run(mailer), run(mailer)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });
});
