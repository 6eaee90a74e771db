import { PROMPT_PREVIEW_CHARS, UPGRADE_NUDGE_THRESHOLD } from '@nocturne/contract/constants';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../lib/download-file';
import { generatedImageFileName } from '../utils/download-image';
import { upgradeNudgeText } from '../utils/generation-texts';
import { truncate } from '../utils/truncate';
import { SaveFavoriteButton } from './save-favorite-button';

export interface GenerationCompletionStepProps {
  prompt: string;
  imageSrc: string;
  requestId: string | null;
  message: string | null;
  isPremium: boolean;
  balance: number;
  onGenerateAgain: () => void;
}

/** Spec §2 completion: the image, Download, Save to favorites and Generate Again. */
export function GenerationCompletionStep({
  prompt,
  imageSrc,
  requestId,
  message,
  isPremium,
  balance,
  onGenerateAgain,
}: GenerationCompletionStepProps) {
  const showNudge = !isPremium && balance <= UPGRADE_NUDGE_THRESHOLD;
  return (
    <div className="flex flex-col gap-4">
      <img
        src={imageSrc}
        alt={`Generated image: ${truncate(prompt, PROMPT_PREVIEW_CHARS)}`}
        className="mx-auto aspect-square w-full max-w-md rounded-2xl border border-glass-border bg-night-800 object-cover"
      />
      <p role="status" className="text-center text-sm font-medium text-emerald-300">
        {message}
      </p>
      {showNudge && (
        <p className="rounded-xl border border-amber-400/30 bg-amber-400/10 px-3 py-2 text-center text-sm text-amber-100">
          {upgradeNudgeText(balance)}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2 max-sm:[&>button]:flex-1">
        <Button
          variant="glass"
          onClick={() => void downloadFile(imageSrc, generatedImageFileName())}
        >
          Download
        </Button>
        <SaveFavoriteButton requestId={requestId} imageSrc={imageSrc} />
        <Button onClick={onGenerateAgain}>Generate Again</Button>
      </div>
    </div>
  );
}
