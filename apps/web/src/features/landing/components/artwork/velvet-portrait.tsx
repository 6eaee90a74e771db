import { useId } from 'react';
import { ArtworkFrame } from './artwork-frame';

export function VelvetPortraitArt() {
  const id = useId();
  return (
    <ArtworkFrame label="An oil-painted woman in velvet shadows, her face lit by a single candle">
      <defs>
        <radialGradient id={`${id}g`} cx="0.7" cy="0.45" r="0.6">
          <stop offset="0" stopColor="#9a3412" />
          <stop offset="1" stopColor="#1c0a0a" />
        </radialGradient>
        <linearGradient id={`${id}f`} x1="1" x2="0">
          <stop offset="0" stopColor="#fdba74" />
          <stop offset="1" stopColor="#431407" />
        </linearGradient>
      </defs>
      <rect width="400" height="500" fill={`url(#${id}g)`} />
      <rect
        x="40"
        y="30"
        width="320"
        height="440"
        rx="160"
        fill="none"
        stroke="#a16207"
        strokeWidth="6"
      />
      <path d="M120 420 Q130 300 200 290 Q270 300 280 420 Z" fill="#581c87" />
      <path
        d="M150 120 Q200 60 255 125 Q280 210 250 300 Q200 270 150 300 Q120 210 150 120 Z"
        fill="#1c0a0a"
      />
      <ellipse cx="205" cy="190" rx="42" ry="58" fill={`url(#${id}f)`} />
      <path d="M186 292 Q205 300 224 292 L222 246 Q205 256 188 246 Z" fill="#7c2d12" />
      <rect x="310" y="250" width="14" height="90" rx="3" fill="#fef3c7" />
      <path d="M317 222 Q327 238 317 250 Q307 238 317 222 Z" fill="#fbbf24" />
      <circle cx="317" cy="236" r="30" fill="#fbbf24" opacity="0.25" />
    </ArtworkFrame>
  );
}
