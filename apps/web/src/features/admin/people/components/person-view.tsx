import { useState } from 'react';
import { LoadErrorPanel } from '../../../../components/errors/load-error-panel';
import { LinkButton } from '../../../../components/ui/link-button';
import { SectionCard } from '../../../../components/ui/section-card';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { isApiError } from '../../../../lib/api-client';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { AuditLog } from '../../audit/components/audit-log';
import { ConsolePage } from '../../components/console-page';
import { usePerson } from '../api/people-queries';
import { PersonActivity, type DescribeDevice } from './person-activity';
import { PersonActions } from './person-actions';
import { PersonApiKeys } from './person-api-keys';
import { PersonLedger } from './person-ledger';
import { PersonProfile } from './person-profile';

function PersonNotFound() {
  return (
    <ConsolePage title="Person not found">
      <div role="alert" className="glass-panel rounded-3xl px-6 py-10 text-center">
        <h2 className="text-lg font-semibold text-white">No one has this id</h2>
        <p className="mt-2 text-sm text-zinc-400">
          The account may have been deleted, or the link is wrong.
        </p>
        <LinkButton className="mt-5" variant="glass" to={paths.admin.people.getHref()}>
          Back to People
        </LinkButton>
      </div>
    </ConsolePage>
  );
}

/** One person: profile, actions, ledger, activity and the audit rows about them. */
export function PersonView({
  userId,
  describeDevice,
}: {
  userId: string;
  describeDevice: DescribeDevice;
}) {
  const person = usePerson(userId);
  const [notice, setNotice] = useState<string | null>(null);

  if (person.isPending) return <Spinner />;
  if (person.isError) {
    if (isApiError(person.error) && person.error.status === 404) return <PersonNotFound />;
    return (
      <LoadErrorPanel
        title="This person could not load"
        message={getErrorMessage(person.error)}
        onRetry={() => void person.refetch()}
      />
    );
  }
  const detail = person.data;
  return (
    <ConsolePage
      title={detail.person.name || detail.person.email}
      description={detail.person.email}
      actions={<PersonActions detail={detail} onNotice={setNotice} />}
    >
      {/* The live region is on the page before its first notice: one that appears already
          filled is not read out by every screen reader. */}
      <div role="status">
        {notice && (
          <p className="mb-4 rounded-2xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200">
            {notice}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-6">
        <PersonProfile detail={detail} />
        <PersonLedger userId={userId} />
        <PersonActivity detail={detail} describeDevice={describeDevice} />
        <PersonApiKeys userId={userId} onNotice={setNotice} />
        <SectionCard id="person-audit" title="Operator actions on this person">
          <AuditLog
            user={userId}
            showTarget={false}
            pageSize={10}
            empty="No operator has acted on this person yet: grants, suspensions and sign-outs appear here."
          />
        </SectionCard>
      </div>
    </ConsolePage>
  );
}
