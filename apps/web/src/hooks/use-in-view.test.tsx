import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../testing/fake-intersection-observer';
import { useInView } from './use-in-view';

function Sentinel({ onEnter, enabled }: { onEnter: () => void; enabled: boolean }) {
  const ref = useInView<HTMLDivElement>(onEnter, { enabled });
  return <div ref={ref} data-testid="sentinel" />;
}

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('useInView', () => {
  it('calls onEnter when the element scrolls into view, only while enabled', () => {
    const onEnter = vi.fn();
    const view = render(<Sentinel onEnter={onEnter} enabled />);
    expect(FakeIntersectionObserver.instances[0]?.observed).toEqual([view.getByTestId('sentinel')]);
    act(() => FakeIntersectionObserver.enterAll());
    expect(onEnter).toHaveBeenCalledTimes(1);

    view.rerender(<Sentinel onEnter={onEnter} enabled={false} />);
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });

  it('does nothing without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(() => render(<Sentinel onEnter={() => {}} enabled />)).not.toThrow();
  });
});
