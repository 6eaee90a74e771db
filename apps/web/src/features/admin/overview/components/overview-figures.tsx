import type { AdminOverview } from '@nocturne/contract/admin/overview';
import { OVERVIEW_MONEY_DAYS } from '@nocturne/contract/admin/overview';
import { StatTile } from './stat-tile';

const number = (value: number) => value.toLocaleString();

/** People and money: sign-ups, premium, revenue, packs and credits over their windows. */
export function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const { people, revenue, credits } = overview;
  const granted = credits.filter((row) => row.amount > 0).reduce((sum, row) => sum + row.amount, 0);
  const debited = credits
    .filter((row) => row.reason === 'generation' || row.reason === 'admin_debit')
    .reduce((sum, row) => sum + row.amount, 0);
  // Debits are negative amounts. `0 - debited`, not `-debited`: nothing spent is 0, not "-0".
  const spent = 0 - debited;
  const days = `last ${OVERVIEW_MONEY_DAYS} days`;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatTile
        label="Sign-ups today"
        value={number(people.sign_ups_today)}
        detail="since 00:00 UTC"
      />
      <StatTile
        label="Active premium"
        value={number(people.premium_monthly + people.premium_lifetime)}
        detail={`${number(people.premium_monthly)} monthly · ${number(people.premium_lifetime)} lifetime`}
      />
      <StatTile
        label="Revenue"
        value={
          revenue.length === 0
            ? 'None yet'
            : revenue.map((row) => `${row.amount} ${row.currency.toUpperCase()}`).join(' · ')
        }
        detail={`${number(revenue.reduce((sum, row) => sum + row.payments, 0))} payments, ${days}`}
      />
      <StatTile
        label="Credit packs sold"
        value={number(overview.credit_packs_sold)}
        detail={days}
      />
      <StatTile label="Credits granted" value={number(granted)} detail={days} />
      <StatTile
        label="Credits spent"
        value={number(spent)}
        detail={`on images and debits, ${days}`}
      />
    </div>
  );
}
