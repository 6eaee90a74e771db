import type { DbHandle } from '../../../db/database';
import { countSignUpsToday } from '../../auth/people-repository';
import { countPremiumByPlan } from '../../subscriptions/subscriptions-repository';

/** Sign-ups since midnight UTC and the premium people now, per plan. */
export async function readPeople(db: DbHandle) {
  const signUps = await countSignUpsToday(db);
  const premium = await countPremiumByPlan(db);
  const of = (plan: string) => premium.find((row) => row.plan === plan)?.count ?? 0;
  return {
    sign_ups_today: signUps,
    premium_monthly: of('monthly'),
    premium_lifetime: of('lifetime'),
  };
}
