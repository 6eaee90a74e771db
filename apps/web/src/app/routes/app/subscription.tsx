import { useSession } from '../../../features/auth/api/get-session';
import { useModelsQuery } from '../../../features/generations/api/get-models';
import { SubscriptionPage } from '../../../features/subscriptions/components/subscription-page';
import { PageHeader } from './page-header';

export function SubscriptionRoute() {
  const { user } = useSession();
  const models = useModelsQuery();
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeader title="Unlock Premium Creation" backToDashboard />
      <SubscriptionPage userId={user?.id} models={models} />
    </section>
  );
}
