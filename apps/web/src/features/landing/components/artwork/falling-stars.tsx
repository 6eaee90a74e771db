import { useId } from 'react';
import { ArtworkFrame } from './artwork-frame';

const SHOOTING = [
  [80, 60],
  [220, 40],
  [330, 110],
  [150, 150],
  [300, 230],
] as const;
const SPARKS = [40, 120, 190, 260, 350, 70, 300, 170];

export function FallingStarsArt() {
  const id = useId();
  return (
    <ArtworkFrame label="A cel-shaded magical girl with a star wand beneath a pastel sky of falling stars">
      <defs>
        <linearGradient id={`${id}s`} x2="0" y2="1">
          <stop offset="0" stopColor="#312e81" />
          <stop offset="0.6" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#fbcfe8" />
        </linearGradient>
      </defs>
      <rect width="400" height="500" fill={`url(#${id}s)`} />
      <g stroke="#fef9c3" strokeLinecap="round">
        {SHOOTING.map(([x, y]) => (
          <g key={x}>
            <path d={`M${x} ${y} l-60 -36`} strokeWidth="2" opacity="0.5" />
            <circle cx={x} cy={y} r="4" fill="#fef9c3" />
          </g>
        ))}
      </g>
      <g fill="#fff">
        {SPARKS.map((x, i) => (
          <circle key={x} cx={x} cy={30 + ((i * 53) % 220)} r="1.8" />
        ))}
      </g>
      <path d="M150 470 Q160 330 200 300 Q240 330 250 470 Z" fill="#f472b6" />
      <path d="M160 380 Q200 350 240 380 L260 430 Q200 410 140 430 Z" fill="#fdf2f8" />
      <circle cx="200" cy="270" r="30" fill="#fde68a" />
      <path
        d="M168 262 Q200 220 232 262 Q242 300 226 320 Q224 280 200 268 Q176 280 174 320 Q158 300 168 262 Z"
        fill="#f9a8d4"
      />
      <path d="M236 300 L292 200" stroke="#fdf2f8" strokeWidth="4" />
      <path d="M292 180 l6 13 14 2 -10 10 3 14 -13 -7 -13 7 3 -14 -10 -10 14 -2 Z" fill="#fde047" />
    </ArtworkFrame>
  );
}
