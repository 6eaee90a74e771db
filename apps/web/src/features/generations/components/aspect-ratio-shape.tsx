import type { AspectRatio } from '@nocturne/contract/generations/generation-options';

/** The ratio drawn as a frame that fits a 20-pixel box, so the choices read at a glance. */
export function AspectRatioShape({ ratio }: { ratio: AspectRatio }) {
  const [width = 1, height = 1] = ratio.split(':').map(Number);
  const scale = 20 / Math.max(width, height);
  return (
    <span aria-hidden="true" className="flex size-5 items-center justify-center">
      <span
        className="block rounded-[3px] border-2 border-current"
        style={{ width: `${width * scale}px`, height: `${height * scale}px` }}
      />
    </span>
  );
}
