import { useId } from 'react';
import { ArtworkFrame } from './artwork-frame';

const TOWERS = [
  [0, 250, 70],
  [60, 200, 60],
  [130, 270, 50],
  [190, 180, 70],
  [270, 230, 55],
  [330, 190, 70],
] as const;

export function NeonRooftopArt() {
  const id = useId();
  return (
    <ArtworkFrame label="An anime heroine on a rooftop at dusk, hair in the wind, neon city below">
      <defs>
        <linearGradient id={`${id}s`} x2="0" y2="1">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="0.45" stopColor="#db2777" />
          <stop offset="1" stopColor="#1e1b4b" />
        </linearGradient>
      </defs>
      <rect width="400" height="500" fill={`url(#${id}s)`} />
      <circle cx="110" cy="150" r="46" fill="#fde68a" opacity="0.8" />
      <g fill="#2e1065">
        {TOWERS.map(([x, y, w]) => (
          <rect key={x} x={x} y={y} width={w} height={500 - y} />
        ))}
      </g>
      <g fill="#f0abfc">
        {TOWERS.flatMap(([x, y, w]) =>
          [0, 1, 2, 3].map((row) => (
            <rect
              key={`${x}-${row}`}
              x={x + 10}
              y={y + 20 + row * 34}
              width={w - 20}
              height="6"
              opacity={0.35 + row * 0.15}
            />
          )),
        )}
      </g>
      <rect x="0" y="330" width="400" height="170" fill="#0f0a1f" />
      <path d="M250 330 L262 250 Q268 215 290 214 Q312 216 314 250 L322 330 Z" fill="#0f0a1f" />
      <circle cx="290" cy="200" r="17" fill="#0f0a1f" />
      <path d="M278 192 Q240 180 214 206 Q248 196 276 206 Z" fill="#0f0a1f" />
      <path d="M0 330 H400" stroke="#22d3ee" strokeWidth="2" opacity="0.8" />
    </ArtworkFrame>
  );
}
