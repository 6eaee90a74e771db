import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { profile } from '../../../test/features/profile/profile-sections-fixtures';
import { createQueryClient } from '../../lib/query-client';
import { signedInHandlers } from '../../../test/support/fixtures';
import { server } from '../../../test/support/msw-server';
import { useConsoleLink } from './use-console-link';

function linksFor(answer: object) {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/profile', () => HttpResponse.json(answer)),
  );
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { hook: renderHook(() => useConsoleLink(), { wrapper }), client };
}

describe('useConsoleLink (the account menu’s way into the console)', () => {
  it('gives an operator a Console link', async () => {
    const { hook } = linksFor({ ...profile, isOperator: true });
    await waitFor(() =>
      expect(hook.result.current).toEqual([{ label: 'Console', href: '/admin' }]),
    );
  });

  it('gives anyone else nothing', async () => {
    const { hook, client } = linksFor(profile);
    await waitFor(() => expect(client.getQueryState(['profile'])?.status).toBe('success'));
    expect(hook.result.current).toEqual([]);
  });
});
