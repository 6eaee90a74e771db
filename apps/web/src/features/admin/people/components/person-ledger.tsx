import { useState } from 'react';
import type { PersonLedgerEntry } from '@nocturne/contract/admin/person-ledger';
import { SectionCard } from '../../../../components/ui/section-card';
import { Spinner } from '../../../../components/ui/spinner';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { LEDGER_PAGE_SIZE, usePersonLedger } from '../api/people-queries';
import { formatCredits, formatSignedCredits, ledgerReasonLabel } from '../utils/person-labels';
import { DataTable, type Column } from './data-table';
import { Pager } from '../../components/pager';
import { When } from '../../components/when';

const columns: Column<PersonLedgerEntry>[] = [
  { header: 'When', cell: (row) => <When iso={row.createdAt} /> },
  { header: 'Reason', cell: (row) => ledgerReasonLabel(row.reason) },
  {
    header: 'Amount',
    align: 'right',
    cell: (row) => (
      <span className={row.amount > 0 ? 'text-emerald-300' : 'text-rose-300'}>
        {formatSignedCredits(row.amount)}
      </span>
    ),
  },
  { header: 'Balance', align: 'right', cell: (row) => formatCredits(row.balanceAfter) },
];

/** The person's credit ledger, a page at a time, with the balance after each row. */
export function PersonLedger({ userId }: { userId: string }) {
  const [offset, setOffset] = useState(0);
  const ledger = usePersonLedger(userId, offset);
  return (
    <SectionCard id="person-ledger" title="Credit ledger">
      {ledger.isPending && <Spinner />}
      {ledger.isError && <p className="text-sm text-rose-300">{getErrorMessage(ledger.error)}</p>}
      {ledger.data && (
        <div>
          <DataTable
            label="Ledger rows"
            rows={ledger.data.entries}
            rowKey={(row) => row.id}
            columns={columns}
            empty="No credits have moved yet: grants, purchases and spending appear here."
          />
          <Pager
            label="Ledger pages"
            offset={offset}
            limit={LEDGER_PAGE_SIZE}
            total={ledger.data.total}
            onChange={setOffset}
          />
        </div>
      )}
    </SectionCard>
  );
}
