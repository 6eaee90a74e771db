import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gpuModel } from '../../../../../test/features/admin/models/admin-model-fixtures';
import { ModelAvailability } from './model-availability';

const SINCE = '2026-11-26T00:40:00.000Z';

/** The Models page says a model is unavailable because of its engine, with the engine's words. */
describe("a model's availability in the console", () => {
  it('is unavailable while its engine is not installed, unreachable or misconfigured, saying why', () => {
    const model = gpuModel({
      available: false,
      unavailable_reason: 'misconfigured',
      health: {
        state: 'misconfigured',
        cause: 'checkpoint sdxl.safetensors not in /object_info (it has: v1-5.safetensors)',
        since: SINCE,
      },
    });
    model.workers[0]!.health = model.health;
    render(<ModelAvailability model={model} />);
    expect(
      screen.getByText("Unavailable: Its server refuses the catalog's settings"),
    ).toBeVisible();
    expect(
      screen.getByText(/Engine misconfigured: checkpoint sdxl.safetensors not in \/object_info/),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Workers' })).toHaveTextContent('misconfigured');
  });

  it('stays available while failing, and says so', () => {
    const health = { state: 'failing' as const, cause: 'ComfyUI answered 500', since: SINCE };
    render(<ModelAvailability model={gpuModel({ health })} />);
    expect(screen.getByText('Available')).toBeVisible();
    expect(screen.getByText(/Engine failing: ComfyUI answered 500/)).toBeVisible();
  });

  it('says nothing more of an engine that is ready', () => {
    render(<ModelAvailability model={gpuModel()} />);
    expect(screen.queryByText(/^Engine/)).not.toBeInTheDocument();
  });
});
