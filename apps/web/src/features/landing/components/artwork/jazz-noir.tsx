import { useId } from 'react';
import { ArtworkFrame } from './artwork-frame';

export function JazzNoirArt() {
  const id = useId();
  return (
    <ArtworkFrame label="A 1940s jazz singer at a vintage microphone in a film-noir spotlight with rim light">
      <defs>
        <linearGradient id={`${id}b`} x2="0" y2="1">
          <stop offset="0" stopColor="#f5f5f4" stopOpacity="0.5" />
          <stop offset="1" stopColor="#f5f5f4" stopOpacity="0.04" />
        </linearGradient>
      </defs>
      <rect width="400" height="500" fill="#0a0a0a" />
      <path d="M170 0 H230 L360 500 H40 Z" fill={`url(#${id}b)`} />
      <g stroke="#262626" strokeWidth="10" opacity="0.8">
        <path d="M0 60 L400 20 M0 140 L400 100" />
      </g>
      <path
        d="M130 500 Q140 300 200 280 Q260 300 270 500 Z"
        fill="#171717"
        stroke="#e7e5e4"
        strokeWidth="2"
      />
      <circle cx="206" cy="240" r="34" fill="#171717" stroke="#e7e5e4" strokeWidth="2" />
      <path d="M172 236 Q176 196 214 200 Q246 206 240 240 Q226 214 196 222 Z" fill="#e7e5e4" />
      <path d="M150 290 L150 500" stroke="#a8a29e" strokeWidth="4" />
      <rect x="138" y="250" width="24" height="40" rx="12" fill="#d6d3d1" />
      <path d="M140 262 H160 M140 272 H160" stroke="#57534e" strokeWidth="2" />
      <circle cx="150" cy="250" r="26" fill="#fafaf9" opacity="0.12" />
    </ArtworkFrame>
  );
}
