import type { GetPersonResponse } from '@nocturne/contract/admin/get-person';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../../components/ui/section-card';
import { formatCredits, planLabel } from '../utils/person-labels';
import { StatusPill } from './status-pill';
import { When } from '../../components/when';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-400">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-zinc-100">{children}</dd>
    </div>
  );
}

function PlanState({ subscription }: { subscription: GetPersonResponse['subscription'] }) {
  if (!subscription) return <>Free (no plan)</>;
  const plan = `${planLabel(subscription.plan)} · ${subscription.status}`;
  if (subscription.isLifetime) return <>{plan} · for life</>;
  if (!subscription.expiresAt) return <>{plan}</>;
  return (
    <>
      {plan} · until <When iso={subscription.expiresAt} />
    </>
  );
}

/** Who the person is: address, username, when they joined, plan, operator, two-factor. */
export function PersonProfile({ detail }: { detail: GetPersonResponse }) {
  const { person } = detail;
  return (
    <SectionCard id="person-profile" title="Profile">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item term="Name">{person.name || '—'}</Item>
        <Item term="Email">
          <span className="mr-2">{person.email}</span>
          <StatusPill tone={person.emailVerified ? 'good' : 'warn'}>
            {person.emailVerified ? 'verified' : 'not verified'}
          </StatusPill>
        </Item>
        <Item term="Username">{person.username ? `@${person.username}` : '—'}</Item>
        <Item term="Joined">
          <When iso={person.createdAt} />
        </Item>
        <Item term="Balance">{formatCredits(person.balance)} credits</Item>
        <Item term="Plan">
          <PlanState subscription={detail.subscription} />
        </Item>
        <Item term="Generation">
          {person.generationSuspended ? (
            <StatusPill tone="bad">Suspended</StatusPill>
          ) : (
            <StatusPill tone="good">Allowed</StatusPill>
          )}
        </Item>
        <Item term="Operator">{detail.isOperator ? 'Yes' : 'No'}</Item>
        <Item term="Two-factor sign-in">{detail.twoFactorEnabled ? 'On' : 'Off'}</Item>
        <Item term="Id">
          <code className="text-xs text-zinc-300">{person.id}</code>
        </Item>
      </dl>
    </SectionCard>
  );
}
