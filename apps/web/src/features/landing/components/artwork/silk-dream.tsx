import { useId } from 'react';
import { ArtworkFrame } from './artwork-frame';

const RIBBONS = [
  ['M-20 120 C100 40 200 260 420 140', '#c4b5fd', 28],
  ['M-20 200 C120 320 260 80 420 230', '#a78bfa', 36],
  ['M-20 290 C140 180 240 400 420 300', '#7c3aed', 30],
  ['M-20 370 C80 300 300 470 420 380', '#e879f9', 22],
] as const;

export function SilkDreamArt() {
  const id = useId();
  return (
    <ArtworkFrame label="Abstract ribbons of flowing violet silk drifting through soft smoke and light">
      <defs>
        <radialGradient id={`${id}l`} cx="0.3" cy="0.15" r="0.8">
          <stop offset="0" stopColor="#fdf4ff" stopOpacity="0.55" />
          <stop offset="0.5" stopColor="#4c1d95" stopOpacity="0.4" />
          <stop offset="1" stopColor="#0c0a16" stopOpacity="0" />
        </radialGradient>
        <filter id={`${id}b`}>
          <feGaussianBlur stdDeviation="14" />
        </filter>
      </defs>
      <rect width="400" height="500" fill="#140b2e" />
      <rect width="400" height="500" fill={`url(#${id}l)`} />
      <g fill="none" strokeLinecap="round">
        {RIBBONS.map(([d, color, width]) => (
          <g key={d}>
            <path d={d} stroke={color} strokeWidth={width} opacity="0.35" filter={`url(#${id}b)`} />
            <path d={d} stroke={color} strokeWidth={width / 3} opacity="0.85" />
          </g>
        ))}
      </g>
    </ArtworkFrame>
  );
}
