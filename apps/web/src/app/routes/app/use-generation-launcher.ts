import { useState } from 'react';
import type { GenerationPreset } from '../../../features/generations/utils/generation-form-values';
import type { DeriveStart } from '../../../features/generations/utils/derive-actions';

interface LauncherState {
  open: boolean;
  preset: GenerationPreset | null;
  /** Vary, upscale or a repainted region: the modal opens on the new request's progress. */
  derive: DeriveStart | null;
}

/**
 * Whether a page's generation modal is open, and with which settings ('Use these settings') or
 * which variation, upscale or repainted region it follows.
 */
export function useGenerationLauncher() {
  const [state, setState] = useState<LauncherState>({ open: false, preset: null, derive: null });
  return {
    open: state.open,
    preset: state.preset,
    derive: state.derive,
    openBlank: () => setState({ open: true, preset: null, derive: null }),
    openWith: (preset: GenerationPreset) => setState({ open: true, preset, derive: null }),
    openDerived: (derive: DeriveStart) => setState({ open: true, preset: null, derive }),
    close: () => setState({ open: false, preset: null, derive: null }),
  };
}
