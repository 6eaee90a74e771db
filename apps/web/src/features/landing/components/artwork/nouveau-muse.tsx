import { useId } from 'react';
import { ArtworkFrame } from './artwork-frame';

const LILIES = [
  [70, 360, -20],
  [330, 360, 20],
  [60, 200, -30],
  [340, 200, 30],
] as const;

export function NouveauMuseArt() {
  const id = useId();
  return (
    <ArtworkFrame label="An art nouveau muse in profile within a golden halo, framed by golden lilies">
      <defs>
        <linearGradient id={`${id}g`} x2="0" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#b45309" />
        </linearGradient>
      </defs>
      <rect width="400" height="500" fill="#14532d" />
      <path
        d="M30 500 V160 Q200 -40 370 160 V500"
        fill="#1f2937"
        stroke={`url(#${id}g)`}
        strokeWidth="8"
      />
      <circle cx="200" cy="180" r="100" fill="none" stroke={`url(#${id}g)`} strokeWidth="5" />
      <circle cx="200" cy="180" r="86" fill="#facc15" opacity="0.12" />
      <path
        d="M230 120 Q240 150 236 170 L248 190 L236 196 Q238 222 214 226 L212 270 Q200 300 150 310 Q160 250 150 210 Q140 130 200 110 Q220 108 230 120 Z"
        fill="#fef3c7"
      />
      <path
        d="M200 110 Q140 100 120 160 Q100 240 130 300 Q150 230 160 200 Q170 140 210 120 Z"
        fill="#9a3412"
      />
      <path d="M110 500 Q150 330 200 300 Q250 330 290 500 Z" fill="#0f766e" />
      {LILIES.map(([x, y, angle]) => (
        <g key={`${x}-${y}`} transform={`rotate(${angle} ${x} ${y})`} fill={`url(#${id}g)`}>
          <path d={`M${x} ${y} q-16 -30 0 -52 q16 22 0 52`} />
          <path d={`M${x} ${y} q-30 -16 -34 -40 q26 10 34 40`} />
          <path d={`M${x} ${y} q30 -16 34 -40 q-26 10 -34 40`} />
          <path d={`M${x} ${y} v90`} stroke="#a16207" strokeWidth="3" />
        </g>
      ))}
    </ArtworkFrame>
  );
}
