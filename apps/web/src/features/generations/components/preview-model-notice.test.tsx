import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import { PreviewModelNotice } from './preview-model-notice';

function renderNotice() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PreviewModelNotice />
    </QueryClientProvider>,
  );
}

describe('PreviewModelNotice', () => {
  it('shows the server notice while the preview model is in use', async () => {
    server.use(
      http.get('*/api/v1/image-engine', () =>
        HttpResponse.json({
          backend: 'onnx',
          model: 'preview',
          is_preview: true,
          notice: 'Preview model: install a model for real images',
        }),
      ),
    );
    renderNotice();
    expect(
      await screen.findByText('Preview model: install a model for real images'),
    ).toBeInTheDocument();
  });

  it('says so when the installed model failed to load and the server fell back', async () => {
    const notice =
      'Preview model: install a model for real images: the installed model "sd-turbo" failed to load (see the server log)';
    server.use(
      http.get('*/api/v1/image-engine', () =>
        HttpResponse.json({
          backend: 'onnx',
          model: 'preview',
          is_preview: true,
          notice,
          fallback_reason: 'ONNX Runtime could not load unet/model.onnx: unsupported operator',
        }),
      ),
    );
    renderNotice();
    expect(await screen.findByRole('note')).toHaveTextContent(notice);
  });

  it('shows nothing with a real model', async () => {
    let answered = false;
    server.use(
      http.get('*/api/v1/image-engine', () => {
        answered = true;
        return HttpResponse.json({
          backend: 'onnx',
          model: 'sd-turbo',
          is_preview: false,
          notice: null,
        });
      }),
    );
    renderNotice();
    await vi.waitFor(() => expect(answered).toBe(true));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
