import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../../src/lib/query-client';

/** The sections as the profile page hosts them: inside the app's query client, nothing else. */
export function renderAccountData(ui: ReactNode) {
  const user = userEvent.setup();
  return {
    ...render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>),
    user,
  };
}
