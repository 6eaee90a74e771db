import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../../src/lib/query-client';
import {
  GenerationModal,
  type GenerationModalProps,
} from '../../../src/features/generations/components/generation-modal';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { createFakeRealtime } from '../../support/fake-realtime';
import { modelsQueryKey } from '../../../src/features/generations/api/get-models';
import { catalogModel } from './model-fixtures';
import { RealtimeContext } from '../../../src/lib/realtime-context';

/** The catalog of the msw defaults: one free default model. */
export const DEFAULT_MODELS = [
  catalogModel('sd-turbo', {
    name: 'SD-Turbo',
    description: 'Fast general-purpose images.',
    is_default: true,
    licence: null,
  }),
];

/**
 * The modal as the dashboard mounts it, with a fake realtime server and the real HTTP client. The
 * catalog is already read (the page reads it before the modal opens) unless `models` is null.
 */
export function renderGenerationModal(
  props: Partial<GenerationModalProps> = {},
  {
    ackTimeoutMs,
    models = DEFAULT_MODELS,
    random = () => 0,
  }: {
    ackTimeoutMs?: number;
    models?: CatalogModel[] | null;
    /** What Math.random answers while the test runs (new seeds, simulated progress). */
    random?: () => number;
  } = {},
) {
  vi.spyOn(Math, 'random').mockImplementation(random);
  const realtime = createFakeRealtime({ ackTimeoutMs });
  const queryClient = createQueryClient();
  if (models) queryClient.setQueryData(modelsQueryKey, models);
  const onClose = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const tree = (current: Partial<GenerationModalProps>) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RealtimeContext.Provider value={realtime.client}>
          <GenerationModal
            open
            onClose={onClose}
            canGenerate
            isPremium={false}
            balance={10}
            {...current}
          />
        </RealtimeContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(tree(props));
  /** Re-renders with changed props, as the dashboard does when the credit state changes. */
  const setProps = (changes: Partial<GenerationModalProps>) =>
    view.rerender(tree({ ...props, ...changes }));
  return { ...view, user, queryClient, realtime, onClose, setProps };
}
