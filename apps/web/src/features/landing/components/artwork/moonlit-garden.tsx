import { useId } from 'react';
import { ArtworkFrame } from './artwork-frame';

const PETALS = [
  [60, 240],
  [120, 300],
  [300, 210],
  [340, 330],
  [210, 270],
  [90, 380],
  [270, 400],
] as const;

export function MoonlitGardenArt() {
  const id = useId();
  return (
    <ArtworkFrame label="A geisha with a red parasol under a full moon, cherry blossoms drifting">
      <defs>
        <linearGradient id={`${id}s`} x2="0" y2="1">
          <stop offset="0" stopColor="#1e1b4b" />
          <stop offset="1" stopColor="#4c0519" />
        </linearGradient>
      </defs>
      <rect width="400" height="500" fill={`url(#${id}s)`} />
      <circle cx="270" cy="120" r="70" fill="#fef3c7" opacity="0.9" />
      <path d="M0 95 Q120 60 230 90 T400 70" stroke="#2a0f14" strokeWidth="9" fill="none" />
      <g fill="#f9a8d4">
        <circle cx="60" cy="82" r="14" />
        <circle cx="110" cy="72" r="11" />
        <circle cx="175" cy="84" r="15" />
        <circle cx="330" cy="74" r="12" />
        <circle cx="380" cy="66" r="10" />
      </g>
      <path d="M120 230 Q200 150 280 230 Z" fill="#dc2626" />
      <path d="M200 230 V300" stroke="#451a03" strokeWidth="3" />
      <circle cx="200" cy="262" r="20" fill="#111827" />
      <ellipse cx="200" cy="272" rx="12" ry="14" fill="#fde7e7" />
      <path d="M160 500 Q170 330 200 290 Q230 330 240 500 Z" fill="#7f1d1d" />
      <path d="M176 330 H224 V346 H176 Z" fill="#facc15" />
      <g fill="#fbcfe8" opacity="0.85">
        {PETALS.map(([x, y]) => (
          <ellipse
            key={`${x}-${y}`}
            cx={x}
            cy={y}
            rx="6"
            ry="3"
            transform={`rotate(35 ${x} ${y})`}
          />
        ))}
      </g>
    </ArtworkFrame>
  );
}
