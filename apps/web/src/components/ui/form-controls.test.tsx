import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Input } from './input';
import { Select } from './select';
import { Textarea } from './textarea';

describe('form controls', () => {
  it('Input is labelled and links its error via aria-describedby', () => {
    render(<Input label="Email" error="Enter a valid email address" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email address');
  });

  it('Input without error is valid and described by its hint', () => {
    render(<Input label="Password" hint="At least 8 characters." />);
    const input = screen.getByLabelText('Password');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('At least 8 characters.');
  });

  it('Textarea is labelled and shows its error', () => {
    render(<Textarea label="Prompt" rows={5} error="Prompt is required" />);
    const textarea = screen.getByLabelText('Prompt');
    expect(textarea).toHaveAttribute('rows', '5');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription('Prompt is required');
  });

  it('Select is labelled, lists options and shows its error', () => {
    render(
      <Select
        label="Sort by"
        error="Pick one"
        options={[
          { value: 'date', label: 'Date' },
          { value: 'prompt', label: 'Prompt' },
        ]}
      />,
    );
    const select = screen.getByLabelText('Sort by');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Date', 'Prompt']);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Pick one');
  });
});
