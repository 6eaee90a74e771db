import { describe, expect, it } from 'vitest';
import { DeadlineReason, withDeadline } from './abort';

describe('withDeadline', () => {
  it('adds no deadline of its own when none is given: only the caller aborts', async () => {
    const caller = new AbortController();
    const combined = withDeadline(caller.signal, undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(combined.signal.aborted).toBe(false);
    caller.abort('stop');
    expect(combined.signal.reason).toBe('stop');
    combined.dispose();
  });

  it('aborts with a DeadlineReason when a deadline is given', async () => {
    const combined = withDeadline(undefined, 5);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(combined.signal.reason).toBeInstanceOf(DeadlineReason);
    combined.dispose();
  });
});
