import { eq } from 'drizzle-orm';
import { user } from '../src/modules/auth/auth-tables';
import { payments } from '../src/modules/billing/billing-tables';
import { subscriptions } from '../src/modules/subscriptions/subscriptions-tables';
import { createVerifiedUser } from './auth-flow';
import type { TestApp } from './create-test-app';

export interface Buyer {
  token: string;
  userId: string;
}

/**
 * A few signed-up people reused across the tests of one file: sign-up is limited per IP (10 a
 * minute) and every inject comes from one address. `next()` hands out the next one with no plan,
 * no payments and a verified email, as if new.
 */
export async function createBuyerPool(ctx: TestApp, options: { size: number; prefix: string }) {
  const buyers: Buyer[] = [];
  for (let index = 0; index < options.size; index += 1) {
    const email = `${options.prefix}${index}@example.com`;
    const { token, userId } = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, email);
    buyers.push({ token, userId });
  }
  let turn = 0;
  return {
    buyers,
    async next(): Promise<Buyer> {
      const buyer = buyers[turn % buyers.length]!;
      turn += 1;
      const { db } = ctx.database;
      await db.delete(payments).where(eq(payments.userId, buyer.userId));
      await db.delete(subscriptions).where(eq(subscriptions.userId, buyer.userId));
      await db.update(user).set({ emailVerified: true }).where(eq(user.id, buyer.userId));
      return buyer;
    },
  };
}
