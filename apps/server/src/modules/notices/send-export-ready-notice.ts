import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { people } from '../auth/people-repository';
import { mailPreferences } from '../users/preferences-repository';
import type { Mailer } from '../mail/create-mailer';
import { exportReadyMail } from './notice-mails';

/**
 * After a data export finished streaming: tells the person by mail unless their preferences say
 * not to. Answers whether a mail went out.
 */
export async function sendExportReadyNotice(options: {
  db: DbHandle;
  mailer: Mailer;
  publicUrl: string;
  userId: string;
  fileName: string;
  exportedAt: Date;
}): Promise<boolean> {
  const [row] = await options.db
    .select({ email: people.email, wanted: mailPreferences.emailExportReady })
    .from(people)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, people.id))
    .where(eq(people.id, options.userId));
  // No preferences row means the defaults, which send this notice.
  if (!row || row.wanted === false) return false;
  await options.mailer.sendMail(
    exportReadyMail({
      to: row.email,
      exportedAt: options.exportedAt,
      fileName: options.fileName,
      profileUrl: `${options.publicUrl}/profile`,
    }),
  );
  return true;
}
