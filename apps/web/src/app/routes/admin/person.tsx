import { useParams } from 'react-router';
import { PersonView } from '../../../features/admin/people/components/person-view';
import { describeUserAgent } from '../../../features/profile/utils/describe-user-agent';

/** One person: profile, ledger, generations, payments, refusals, sessions and the actions on them. */
export function ConsolePersonRoute() {
  const { userId = '' } = useParams();
  return <PersonView key={userId} userId={userId} describeDevice={describeUserAgent} />;
}
