import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { saveBlob } from '../../../lib/download-file';
import { ProfileNotice } from './profile-notice';

export const RECOVERY_CODES_FILE = 'nocturne-recovery-codes.txt';

function codesText(codes: string[]): string {
  return [
    'Nocturne recovery codes',
    'Each code signs you in once, in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Recovery codes, shown this once (the server keeps them encrypted and never shows them again):
 * copied or saved as a text file before the section closes them.
 */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const copy = useMutation({ mutationFn: () => navigator.clipboard.writeText(codesText(codes)) });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-200">
        Keep these recovery codes somewhere safe, away from your phone. If you lose the app, each
        code signs you in once. <strong className="text-white">They are shown only now.</strong>
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-2xl border border-glass-border bg-night-900/60 p-4 font-mono text-sm text-zinc-100 min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      {copy.isSuccess && <ProfileNotice tone="success">Copied.</ProfileNotice>}
      {copy.isError && (
        <ProfileNotice tone="error">
          This browser did not allow copying. Download the codes instead.
        </ProfileNotice>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => copy.mutate()}>
          Copy
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            saveBlob(new Blob([codesText(codes)], { type: 'text/plain' }), RECOVERY_CODES_FILE)
          }
        >
          Download .txt
        </Button>
        <Button onClick={onSaved}>I have saved them</Button>
      </div>
    </div>
  );
}
