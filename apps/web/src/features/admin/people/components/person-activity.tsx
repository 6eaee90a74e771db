import type { GetPersonResponse } from '@nocturne/contract/admin/get-person';
import { SectionCard } from '../../../../components/ui/section-card';
import { DataTable, type Column } from './data-table';
import { StatusPill } from './status-pill';
import { When } from '../../components/when';

type Detail = GetPersonResponse;
const when = { header: 'When', cell: (row: { createdAt: string }) => <When iso={row.createdAt} /> };

const generationColumns: Column<Detail['generations'][number]>[] = [
  when,
  {
    header: 'Status',
    cell: (row) => (
      <StatusPill tone={row.status === 'failed' ? 'bad' : 'neutral'}>{row.status}</StatusPill>
    ),
  },
  { header: 'Model', cell: (row) => row.model },
  {
    header: 'Prompt',
    wide: true,
    cell: (row) => (
      <>
        {row.contentPrompt}
        {row.error && <span className="block text-xs text-rose-300">{row.error}</span>}
        {/* The engine's own words, which the person never sees. */}
        {row.failureKind && (
          <span className="block text-xs break-words text-zinc-400">
            {row.failureKind.replaceAll('_', ' ')}
            {row.failureDetail ? `: ${row.failureDetail}` : ''}
          </span>
        )}
      </>
    ),
  },
];

const paymentColumns: Column<Detail['payments'][number]>[] = [
  when,
  { header: 'For', cell: (row) => row.purpose.replaceAll('_', ' ') },
  { header: 'Status', cell: (row) => <StatusPill>{row.status}</StatusPill> },
  {
    header: 'Amount',
    align: 'right',
    cell: (row) => `${row.priceAmount} ${row.priceCurrency.toUpperCase()}`,
  },
];

const refusalColumns: Column<Detail['refusals'][number]>[] = [
  when,
  { header: 'Rule', cell: (row) => <StatusPill tone="warn">{row.rule}</StatusPill> },
  { header: 'Matched', cell: (row) => row.matchedTerms.join(', ') || '—' },
  { header: 'Prompt', wide: true, cell: (row) => row.contentPrompt },
];

/** Names a device from its User-Agent header ("Chrome on Windows"); the app passes it in. */
export type DescribeDevice = (userAgent: string | null) => string;

const sessionColumns = (describeDevice: DescribeDevice): Column<Detail['sessions'][number]>[] => [
  { header: 'Device', cell: (row) => describeDevice(row.userAgent) },
  { header: 'IP', cell: (row) => row.ipAddress ?? '—' },
  { header: 'Last seen', cell: (row) => <When iso={row.lastSeenAt} /> },
  { header: 'Signed in', cell: (row) => <When iso={row.createdAt} /> },
];

/** The newest generations, payments, refused prompts and sessions of one person. */
export function PersonActivity({
  detail,
  describeDevice,
}: {
  detail: Detail;
  describeDevice: DescribeDevice;
}) {
  return (
    <>
      <SectionCard id="person-generations" title="Generations" description="The newest 20.">
        <DataTable
          label="Generations"
          rows={detail.generations}
          rowKey={(row) => row.id}
          columns={generationColumns}
          empty="No generations yet: each image they ask for appears here."
        />
      </SectionCard>
      <SectionCard id="person-payments" title="Payments">
        <DataTable
          label="Payments"
          rows={detail.payments}
          rowKey={(row) => row.id}
          columns={paymentColumns}
          empty="No payments: credit packs and plans they pay for appear here."
        />
      </SectionCard>
      <SectionCard id="person-refusals" title="Refused prompts">
        <DataTable
          label="Refused prompts"
          rows={detail.refusals}
          rowKey={(row) => row.id}
          columns={refusalColumns}
          empty="No refused prompts: prompts the content rules refuse appear here."
        />
      </SectionCard>
      <SectionCard id="person-sessions" title="Sessions">
        <DataTable
          label="Sessions"
          rows={detail.sessions}
          rowKey={(row) => row.id}
          columns={sessionColumns(describeDevice)}
          empty="Signed in nowhere: each device they sign in on appears here."
        />
      </SectionCard>
    </>
  );
}
