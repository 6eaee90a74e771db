import { useId, useMemo } from 'react';
import { createArtwork } from '../data/artwork';
import type { QualityTag } from '../data/samples';

/**
 * Stand-in artwork for a sample prompt: a seeded abstract composition (no image files ship with
 * the landing page). Decorative; the prompt text beside it carries the meaning.
 */
export function SampleArtwork({ prompt, tag }: { prompt: string; tag: QualityTag }) {
  const art = useMemo(() => createArtwork(prompt, tag), [prompt, tag]);
  const id = useId().replace(/:/g, '');
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 400 500"
      preserveAspectRatio="xMidYMid slice"
      className="absolute inset-0 size-full"
    >
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor={art.background[0]} />
          <stop offset="1" stopColor={art.background[1]} />
        </linearGradient>
        <filter id={`${id}-blur`} x="-50%" y="-50%" width="200%" height="200%">
          <feGaussianBlur stdDeviation="38" />
        </filter>
        <radialGradient id={`${id}-moon`}>
          <stop offset="0" stopColor="#fff7ed" stopOpacity="0.95" />
          <stop offset="0.7" stopColor="#fde68a" stopOpacity="0.55" />
          <stop offset="1" stopColor="#fde68a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="400" height="500" fill={`url(#${id}-sky)`} />
      <g filter={`url(#${id}-blur)`} opacity="0.75">
        {art.orbs.map((orb, index) => (
          <circle key={index} cx={orb.cx} cy={orb.cy} r={orb.r} fill={orb.color} />
        ))}
      </g>
      <circle
        cx={art.moon.cx}
        cy={art.moon.cy}
        r={art.moon.r * 2.2}
        fill={`url(#${id}-moon)`}
        opacity="0.35"
      />
      <circle cx={art.moon.cx} cy={art.moon.cy} r={art.moon.r} fill="#fdf4ff" opacity="0.85" />
      <g fill="none" stroke="#ffffff" strokeWidth="1.4">
        {art.waves.map((wave, index) => (
          <path key={index} d={wave.d} opacity={wave.opacity} />
        ))}
      </g>
    </svg>
  );
}
