import { useState } from 'react';
import type { GenerationPreset } from '../../../features/generations/utils/generation-form-values';

/** Whether a page's generation modal is open, and with which settings ('Use these settings'). */
export function useGenerationLauncher() {
  const [state, setState] = useState<{ open: boolean; preset: GenerationPreset | null }>({
    open: false,
    preset: null,
  });
  return {
    open: state.open,
    preset: state.preset,
    openBlank: () => setState({ open: true, preset: null }),
    openWith: (preset: GenerationPreset) => setState({ open: true, preset }),
    close: () => setState({ open: false, preset: null }),
  };
}
