import { ConsolePage } from '../../../features/admin/components/console-page';

/** The generation switch, the announcement banner and the landing page's samples. */
export function ConsoleSettingsRoute() {
  return (
    <ConsolePage
      title="Settings"
      description="Generation switch, announcement banner, landing samples."
    >
      <p className="text-sm text-zinc-400">Not built yet.</p>
    </ConsolePage>
  );
}
