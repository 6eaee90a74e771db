import { rm } from 'node:fs/promises';
import type { SessionSettings } from '../onnx/load-session';
import type { ModelManifest } from './manifest';
import { proveModel, type ProofSize } from './prove-model';

/** What the proof takes from the pull's options (PullOptions in pull-model.ts). */
export interface ProofOptions {
  settings?: SessionSettings;
  proofSize?: ProofSize;
  onStage?: (stage: 'prove', detail: string) => void;
}

/**
 * The candidate folder proven with the server's provider (one one-step image, by default at the
 * model's native size) and its manifest given the decoder's measured range; a model that fails
 * has its candidate folder removed.
 */
export async function proveCandidate(
  candidate: string,
  installed: ModelManifest,
  options: ProofOptions,
): Promise<ModelManifest> {
  const size = options.proofSize ?? installed.defaults;
  options.onStage?.(
    'prove',
    `opening every session and making one ${size.width}×${size.height} image`,
  );
  try {
    const proof = await proveModel(
      candidate,
      installed,
      options.settings ?? { intraOpThreads: 0 },
      size,
    );
    const proven = { ...installed, decoder: { ...installed.decoder, ...proof.decoder } };
    const { min, max } = proof.decoder.measured;
    options.onStage?.(
      'prove',
      `proven in ${Math.round(proof.ms)} ms; decoder output ${min.toFixed(3)}…${max.toFixed(3)}, read as ${proof.decoder.outputRange}; neighbouring pixels share ${(proof.neighbourCorrelation * 100).toFixed(0)} % of the image's variation` +
        (proof.roundTrip === undefined
          ? ''
          : `; image encoder round trip within ${(proof.roundTrip * 100).toFixed(0)} % of the image's variation`),
    );
    return proven;
  } catch (error) {
    await rm(candidate, { recursive: true, force: true });
    // Downloads stay for a retry (after freeing memory, say); `models remove` deletes them.
    throw error;
  }
}
