import { ConsolePage } from '../../../features/admin/components/console-page';

/** Every operator action, newest first. */
export function ConsoleAuditRoute() {
  return (
    <ConsolePage
      title="Audit log"
      description="Every operator action: who, when, what, on whom and why."
    >
      <p className="text-sm text-zinc-400">Not built yet.</p>
    </ConsolePage>
  );
}
