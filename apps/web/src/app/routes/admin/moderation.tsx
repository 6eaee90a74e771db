import { refusalStatusSchema } from '@nocturne/contract/admin/admin-refusals';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '../../../features/admin/components/console-page';
import { AllowedPhrasesPanel } from '../../../features/admin/moderation/components/allowed-phrases-panel';
import { BlockedNamesPanel } from '../../../features/admin/moderation/components/blocked-names-panel';
import { BlockedTermsPanel } from '../../../features/admin/moderation/components/blocked-terms-panel';
import { ModerationTabs } from '../../../features/admin/moderation/components/moderation-tabs';
import { PromptTester } from '../../../features/admin/moderation/components/prompt-tester';
import { RefusalsQueue } from '../../../features/admin/moderation/components/refusals-queue';
import { isModerationTab } from '../../../features/admin/moderation/utils/moderation-labels';

/** Refused prompts to review, the rules' extra terms and names, and a tester. */
export function ConsoleModerationRoute() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab = isModerationTab(tabParam) ? tabParam : 'refusals';
  const status = refusalStatusSchema.catch('open').parse(params.get('status') ?? undefined);

  return (
    <ConsolePage
      title="Moderation"
      description="Review refusals, maintain blocked terms and names, test a prompt."
    >
      <ModerationTabs current={tab} />
      {tab === 'refusals' && (
        <RefusalsQueue
          status={status}
          onStatusChange={(next) =>
            setParams(next === 'open' ? {} : { status: next }, { replace: true })
          }
        />
      )}
      {tab === 'allowed-phrases' && <AllowedPhrasesPanel />}
      {tab === 'blocked-terms' && <BlockedTermsPanel />}
      {tab === 'blocked-names' && <BlockedNamesPanel />}
      {tab === 'tester' && <PromptTester />}
    </ConsolePage>
  );
}
