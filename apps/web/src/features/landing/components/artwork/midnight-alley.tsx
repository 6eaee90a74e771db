import { useId } from 'react';
import { ArtworkFrame } from './artwork-frame';

const RAIN = [30, 80, 140, 190, 240, 300, 350, 110, 270, 380];

export function MidnightAlleyArt() {
  const id = useId();
  return (
    <ArtworkFrame label="A narrow Tokyo alley at midnight in the rain, pink and violet neon signs reflected in puddles">
      <defs>
        <linearGradient id={`${id}r`} x2="0" y2="1">
          <stop offset="0" stopColor="#ec4899" stopOpacity="0.7" />
          <stop offset="1" stopColor="#ec4899" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="400" height="500" fill="#0b0720" />
      <path d="M170 0 H230 V260 H170 Z" fill="#312e81" />
      <path d="M0 0 L170 60 V260 L0 330 Z" fill="#1e1b3a" />
      <path d="M400 0 L230 60 V260 L400 330 Z" fill="#17142e" />
      <path d="M0 330 L170 260 H230 L400 330 V500 H0 Z" fill="#0f0c24" />
      <rect x="40" y="90" width="70" height="26" rx="4" fill="#f472b6" transform="skewY(20)" />
      <rect x="60" y="150" width="24" height="70" rx="3" fill="#a78bfa" transform="skewY(20)" />
      <rect x="300" y="-10" width="60" height="24" rx="4" fill="#c084fc" transform="skewY(-20)" />
      <rect x="300" y="260" width="70" height="120" fill={`url(#${id}r)`} />
      <rect x="60" y="300" width="30" height="150" fill="#a78bfa" opacity="0.3" />
      <rect x="330" y="270" width="30" height="140" fill="#c084fc" opacity="0.25" />
      <g stroke="#c7d2fe" strokeWidth="1.5" opacity="0.45">
        {RAIN.map((x, i) => (
          <path key={x} d={`M${x} ${40 + i * 27} l-8 34`} />
        ))}
      </g>
    </ArtworkFrame>
  );
}
