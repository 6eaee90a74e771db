import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { ConsoleAuditRoute } from './audit';

let asked: string[];

beforeEach(() => {
  asked = [];
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/admin/audit', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({ entries: [], total: 0 });
    }),
  );
});

describe("the audit log's person filter", () => {
  it('counts near its limit and refuses a longer filter, never cutting what was typed', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/admin/audit']}>
          <ConsoleAuditRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const person = screen.getByLabelText('Person');
    await user.click(person);
    await user.paste('p'.repeat(180));
    expect(person).toHaveAccessibleDescription('180 / 200 characters');
    await user.paste('p'.repeat(21));
    expect(person).toHaveValue('p'.repeat(201));
    const before = asked.length;
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('The person can be at most 200 characters.')).toBeVisible();
    expect(asked.slice(before).some((search) => search.includes('user='))).toBe(false);
  });
});
