import type { GenerationFlowState } from '../flow/generation-flow-state';
import { useState } from 'react';
import type { DeriveRequest, GenerationRequestOptions, ImageSize } from '../types';
import { derivedPrompt } from '../utils/derive-actions';
import { imagePromptOf } from '../utils/image-prompt';
import type { SubmitCredits } from '../utils/submit-allowance';
import { DeriveButtons } from './derive-buttons';
import { GenerationCompletionStep } from './generation-completion-step';

type Completed = Extract<GenerationFlowState, { status: 'completed' }>;

/**
 * The completion step of a finished submit, each image offering what can be made from it (Vary,
 * Upscale, Edit region): one image of the same prompt and options, followed in the same modal.
 */
export function GenerationResultStep({
  state,
  credits: { isPremium, balance, creditsLoading },
  onGenerateAgain,
  onDerive,
}: {
  state: Completed;
  credits: SubmitCredits;
  onGenerateAgain: () => void;
  onDerive: (prompt: string, options: GenerationRequestOptions, derive: DeriveRequest) => void;
}) {
  // Each image's pixel size once it has loaded: an upscale's progress names the size it makes.
  const [sizes, setSizes] = useState<Record<number, ImageSize>>({});
  return (
    <GenerationCompletionStep
      prompt={state.prompt}
      images={state.images}
      aspectRatio={state.options.aspect_ratio}
      requestId={state.requestId}
      message={state.message}
      isPremium={isPremium}
      balance={balance}
      onGenerateAgain={onGenerateAgain}
      onImageSize={(index, size) => setSizes((known) => ({ ...known, [index]: size }))}
      imageActions={(image) => {
        const prompt = imagePromptOf(state.prompt, image.seed);
        const sourceId = image.generationId;
        return (
          sourceId && (
            <DeriveButtons
              model={state.options.model}
              credits={creditsLoading ? null : { isPremium, balance }}
              source={
                image.imageSrc ? { id: sourceId, imageSrc: image.imageSrc, prompt } : undefined
              }
              onDerive={(action) =>
                onDerive(
                  derivedPrompt(prompt, action),
                  { ...state.options, image_count: 1 },
                  { sourceId, action, sourceSize: sizes[image.index] },
                )
              }
            />
          )
        );
      }}
    />
  );
}
