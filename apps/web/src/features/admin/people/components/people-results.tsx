import type { PersonSummary } from '@nocturne/contract/admin/find-people';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { formatCredits, planLabel } from '../utils/person-labels';
import { StatusPill } from './status-pill';
import { When } from '../../components/when';

function PersonLink({ person }: { person: PersonSummary }) {
  return (
    <Link
      to={paths.admin.person.getHref(person.id)}
      className="font-medium text-white hover:text-accent-300"
    >
      {person.name || person.email}
    </Link>
  );
}

function States({ person }: { person: PersonSummary }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <StatusPill tone={person.plan ? 'accent' : 'neutral'}>{planLabel(person.plan)}</StatusPill>
      {person.generationSuspended && <StatusPill tone="bad">Suspended</StatusPill>}
    </span>
  );
}

/** The people found: a table from `sm` up, stacked cards below; a row opens the person. */
export function PeopleResults({ people }: { people: PersonSummary[] }) {
  const navigate = useNavigate();
  return (
    <>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">People found</caption>
        <thead className="text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Person
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Username
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Joined
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Balance
            </th>
            <th scope="col" className="py-2 font-medium">
              Plan
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-glass-border">
          {people.map((person) => (
            <tr
              key={person.id}
              onClick={() => void navigate(paths.admin.person.getHref(person.id))}
              className="cursor-pointer text-zinc-300 hover:bg-glass"
            >
              <td className="max-w-72 py-3 pr-3">
                <PersonLink person={person} />
                <p className="truncate text-xs text-zinc-400">{person.email}</p>
              </td>
              <td className="py-3 pr-3">{person.username ?? '—'}</td>
              <td className="py-3 pr-3">
                <When iso={person.createdAt} dateOnly />
              </td>
              <td className="py-3 pr-3 text-right tabular-nums">{formatCredits(person.balance)}</td>
              <td className="py-3">
                <States person={person} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-3 sm:hidden" aria-label="People found">
        {people.map((person) => (
          <li key={person.id} className="rounded-2xl border border-glass-border p-4 text-sm">
            <PersonLink person={person} />
            <p className="truncate text-xs text-zinc-400">{person.email}</p>
            <p className="mt-2 text-zinc-300">
              {person.username ? `@${person.username} · ` : ''}
              {formatCredits(person.balance)} credits · joined{' '}
              <When iso={person.createdAt} dateOnly />
            </p>
            <div className="mt-2">
              <States person={person} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
