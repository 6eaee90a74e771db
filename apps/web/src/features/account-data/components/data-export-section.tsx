import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useExportUserData } from '../api/export-user-data';
import { SectionCard } from '../../../components/ui/section-card';

/** Profile section: one ZIP of everything Nocturne holds about the person (GDPR portability). */
export function DataExportSection() {
  const exportData = useExportUserData();
  return (
    <SectionCard id="data-export" title="Export your data">
      <p className="text-sm text-zinc-300">
        Download a ZIP file with your profile, preferences, generations, favorites and credit
        history (data.json) and every image we still store for you.
      </p>
      <div>
        <Button
          variant="secondary"
          loading={exportData.isPending}
          onClick={() => exportData.mutate()}
        >
          Download my data
        </Button>
      </div>
      {exportData.isSuccess && (
        <p role="status" className="text-sm text-emerald-300">
          Your download has started.
        </p>
      )}
      {exportData.isError && <AlertText>{getErrorMessage(exportData.error)}</AlertText>}
    </SectionCard>
  );
}
