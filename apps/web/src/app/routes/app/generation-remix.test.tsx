import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';
import { favorite, serveFavorites } from '../../../../test/features/gallery/favorite-fixtures';
import { generation } from '../../../../test/features/generations/generation-fixtures';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
    // The daily promo would open over the dashboard.
    http.get('*/api/v1/user/preferences', () =>
      HttpResponse.json({ ...DEFAULT_PREFERENCES, showDailyPromo: false }),
    ),
  );
});

function expectFilled(
  modal: HTMLElement,
  values: {
    prompt: string;
    negative: string;
    ratio: string;
    count: string;
    quality: string;
    style: string;
    seed: number;
  },
) {
  expect(within(modal).getByLabelText('Prompt')).toHaveValue(values.prompt);
  expect(within(modal).getByLabelText('Keep out of the image')).toHaveValue(values.negative);
  expect(within(modal).getByRole('radio', { name: values.ratio })).toBeChecked();
  expect(
    within(within(modal).getByRole('group', { name: 'Images' })).getByRole('radio', {
      name: values.count,
    }),
  ).toBeChecked();
  expect(within(modal).getByRole('radio', { name: values.quality })).toBeChecked();
  expect(within(modal).getByLabelText('Style')).toHaveValue(values.style);
  expect(within(modal).getByLabelText('Seed')).toHaveValue(values.seed);
}

describe("'Use these settings'", () => {
  it('from a history row opens the modal with its prompt, every option and its submit size', async () => {
    const row = generation(1, {
      content_prompt: 'a lighthouse at dusk',
      negative_prompt: 'people',
      aspect_ratio: '16:9',
      quality: 'best',
      style: 'cinematic',
      seed: 4242,
      image_count: 2,
      image_index: 1,
      ignored_options: ['negative_prompt'],
    });
    server.use(
      http.get('*/api/v1/generations', () => HttpResponse.json({ generations: [row], total: 1 })),
    );
    const { user } = renderApp('/history/generations');
    const item = await screen.findByTestId('generation-row');
    expect(within(item).getByTestId('generation-options')).toHaveTextContent(
      '16:9 · Best · Cinematic · seeds from 4242 · 2 images',
    );
    expect(within(item).getByText(/could not apply: negative prompt/)).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: /^Use these settings/ }));
    const modal = await screen.findByRole('dialog', { name: 'Generate Image' });
    expectFilled(modal, {
      prompt: 'a lighthouse at dusk',
      negative: 'people',
      ratio: '16:9',
      count: '2',
      quality: 'Best',
      style: 'cinematic',
      seed: 4242,
    });
    await user.click(within(modal).getByRole('button', { name: 'New seed' }));
    expect(within(modal).getByLabelText('Seed')).not.toHaveValue(4242);
  });

  it("from a favorite in the gallery's detail view, with one image", async () => {
    serveFavorites([
      favorite(1, {
        content_prompt: 'a fox in snow',
        settings: {
          negative_prompt: 'text',
          seed: 99,
          aspect_ratio: '2:3',
          quality: 'fast',
          style: 'oil_painting',
        },
      }),
    ]);
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open image: a fox in snow' }));
    const details = await screen.findByRole('dialog', { name: 'Image details' });
    await user.click(within(details).getByRole('button', { name: 'Use these settings' }));
    const modal = await screen.findByRole('dialog', { name: 'Generate Image' });
    expectFilled(modal, {
      prompt: 'a fox in snow',
      negative: 'text',
      ratio: '2:3',
      count: '1',
      quality: 'Fast',
      style: 'oil_painting',
      seed: 99,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Image details' })).not.toBeInTheDocument(),
    );
  });

  it('is not offered for a favorite saved without settings', async () => {
    serveFavorites([favorite(1, { content_prompt: 'an old one', settings: null })]);
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open image: an old one' }));
    const details = await screen.findByRole('dialog', { name: 'Image details' });
    expect(within(details).queryByRole('button', { name: 'Use these settings' })).toBeNull();
  });
});

describe('the options panel on the dashboard', () => {
  it("starts as the person left it and saves each toggle (preferences 'generationOptionsOpen')", async () => {
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/v1/user/preferences', () =>
        HttpResponse.json({
          ...DEFAULT_PREFERENCES,
          showDailyPromo: false,
          generationOptionsOpen: true,
          generationDefaults: { aspect_ratio: '4:3', image_count: 2, quality: 'best', style: null },
        }),
      ),
      http.put('*/api/v1/user/preferences', async ({ request }) => {
        const body = (await request.json()) as object;
        puts.push(body);
        return HttpResponse.json({ ...DEFAULT_PREFERENCES, ...body });
      }),
    );
    const { user } = renderApp('/dashboard');
    await screen.findByText('Your Gallery');
    await waitFor(() => expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Generate Image' }));
    const modal = await screen.findByRole('dialog', { name: 'Generate Image' });
    const toggle = within(modal).getByRole('button', { name: /^Options/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(modal).getByRole('radio', { name: '4:3' })).toBeChecked();
    expect(within(modal).getByTestId('generation-cost')).toHaveTextContent('2 credits');
    await user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ generationOptionsOpen: false }]));
  });
});
