import type { AdminAuditLogEntry } from '@nocturne/contract/admin/get-admin-audit';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { DataTable, type Column } from '../../people/components/data-table';
import { When } from '../../components/when';
import { ADMIN_ACTION_LABELS } from '../utils/action-labels';
import { AuditDetails } from './audit-details';

function Target({ entry }: { entry: AdminAuditLogEntry }) {
  if (!entry.targetUserId) return <span className="text-zinc-500">—</span>;
  if (!entry.targetEmail) {
    return <span title={entry.targetUserId}>A deleted account</span>;
  }
  return (
    <Link
      to={paths.admin.person.getHref(entry.targetUserId)}
      className="text-accent-300 hover:text-accent-200"
    >
      {entry.targetEmail}
    </Link>
  );
}

const columns: Column<AdminAuditLogEntry>[] = [
  { header: 'When', cell: (entry) => <When iso={entry.at} /> },
  { header: 'Operator', cell: (entry) => entry.operatorEmail },
  { header: 'Action', cell: (entry) => ADMIN_ACTION_LABELS[entry.action] ?? entry.action },
  { header: 'On whom', cell: (entry) => <Target entry={entry} /> },
  { header: 'Reason', wide: true, cell: (entry) => entry.reason ?? '—' },
  {
    header: 'Changes',
    cell: (entry) => <AuditDetails before={entry.before} after={entry.after} />,
  },
];

/** Audit rows, newest first; `empty` says what would appear; no "On whom" on a person's page. */
export function AuditTable({
  entries,
  empty,
  showTarget,
}: {
  entries: AdminAuditLogEntry[];
  empty: string;
  showTarget: boolean;
}) {
  return (
    <DataTable
      label="Audit rows"
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={showTarget ? columns : columns.filter((column) => column.header !== 'On whom')}
      empty={empty}
    />
  );
}
