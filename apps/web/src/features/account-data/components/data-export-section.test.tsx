import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderAccountData } from '../../../../test/features/account-data/render-account-data';
import { DataExportSection } from './data-export-section';

const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);

let saved: { name: string; href: string }[];
beforeEach(() => {
  server.use(...signedInHandlers());
  saved = [];
  // jsdom has no object URLs and does not navigate on click: record what would be saved.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DataExportSection', () => {
  it('downloads the ZIP with the bearer token and saves it under the server’s file name', async () => {
    const authorizations: (string | null)[] = [];
    server.use(
      http.get('*/api/v1/user/export', ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return new HttpResponse(ZIP_BYTES, {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="nocturne-export-2026-11-22.zip"',
          },
        });
      }),
    );
    const { user } = renderAccountData(<DataExportSection />);
    expect(screen.getByRole('heading', { name: 'Export your data' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your download has started.');
    expect(saved).toEqual([{ name: 'nocturne-export-2026-11-22.zip', href: 'blob:export' }]);
    expect(authorizations).toHaveLength(1);
    expect(authorizations[0]).toMatch(/^Bearer /);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(ZIP_BYTES);
  });

  it('shows the catalogue message when the export is refused and saves nothing', async () => {
    server.use(
      http.get('*/api/v1/user/export', () =>
        HttpResponse.json({ error: 'NOT_FOUND', message: 'gone' }, { status: 404 }),
      ),
    );
    const { user } = renderAccountData(<DataExportSection />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_CATALOGUE.NOT_FOUND.message);
    expect(saved).toEqual([]);
  });
});
