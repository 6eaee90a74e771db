import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import { serveGenerate } from '../../../../test/features/generations/generation-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import {
  setupGenerationModalTests,
  startGeneration,
} from '../../../../test/features/generations/generation-modal-fixtures';

setupGenerationModalTests();

/**
 * Back at the prompt after a cancel or a refusal: the reason is read out and focus is on the
 * prompt, never on the dialog (issue 44 item 5, issue 47 item 1).
 */
describe('generation modal: back at the prompt', () => {
  it('after Cancel, says "Generation cancelled" at the top as a status and focuses the prompt', async () => {
    serveGenerate();
    server.use(
      http.post('*/api/v1/generations/:id/cancel', () =>
        HttpResponse.json({ cancelled: 1, refunded: 1 }),
      ),
    );
    const view = renderGenerationModal();
    await startGeneration(view);
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    const status = await screen.findByText('Generation cancelled');
    expect(status).toHaveAttribute('role', 'status');
    const prompt = screen.getByLabelText('Prompt');
    // Above the prompt: where the person is looking once the form is back.
    expect(status.compareDocumentPosition(prompt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(prompt).toHaveFocus();
  });

  it('announces a content refusal as an alert describing the prompt, and focuses the prompt', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reason = 'This prompt is not allowed by our content rules.';
    serveGenerate(() =>
      HttpResponse.json(
        { error: 'CONTENT_POLICY_VIOLATION', message: reason, refusals_before_suspension: 3 },
        { status: 422 },
      ),
    );
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reason);
    const prompt = screen.getByLabelText('Prompt');
    expect(prompt).toHaveAttribute('aria-invalid', 'true');
    expect(prompt).toHaveAccessibleDescription(reason);
    await waitFor(() => expect(prompt).toHaveFocus());
    expect(screen.getByRole('dialog')).not.toHaveFocus();
  });
});
