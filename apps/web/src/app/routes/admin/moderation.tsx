import { ConsolePage } from '../../../features/admin/components/console-page';

/** Refused prompts to review, the rules' extra terms and names, and a tester. */
export function ConsoleModerationRoute() {
  return (
    <ConsolePage
      title="Moderation"
      description="Review refusals, maintain blocked terms and names, test a prompt."
    >
      <p className="text-sm text-zinc-400">Not built yet.</p>
    </ConsolePage>
  );
}
