import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/support/render-app';

/** Sign-up's name counts near its limit and says the limit when it is passed (issue 44 item 7). */
describe('sign-up name limit', () => {
  it('shows the count near the limit and says the limit in the error', async () => {
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    const name = screen.getByLabelText('Name');
    await user.click(name);
    await user.paste('n'.repeat(85));
    expect(screen.getByTestId('character-count')).toHaveTextContent('85 / 100 characters');
    await user.paste('n'.repeat(20));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(name).toHaveAccessibleDescription(/Name can be at most 100 characters\./);
    expect(screen.queryByText('Name is too long')).not.toBeInTheDocument();
  });
});
