import { useId } from 'react';
import { ArtworkFrame } from './artwork-frame';

const CANDLES = [90, 150, 250, 310];

export function BaroqueBallArt() {
  const id = useId();
  return (
    <ArtworkFrame label="A gilded masquerade mask before a candlelit ballroom, baroque gold on deep crimson">
      <defs>
        <linearGradient id={`${id}g`} x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="0.5" stopColor="#ca8a04" />
          <stop offset="1" stopColor="#78350f" />
        </linearGradient>
      </defs>
      <rect width="400" height="500" fill="#3b0712" />
      <path d="M40 500 V150 Q200 20 360 150 V500" fill="#4c0519" stroke="#a16207" strokeWidth="4" />
      {CANDLES.map((x) => (
        <g key={x}>
          <rect x={x - 4} y="70" width="8" height="34" fill="#fef3c7" />
          <path d={`M${x} 50 q7 10 0 18 q-7 -8 0 -18`} fill="#fbbf24" />
          <circle cx={x} cy="60" r="18" fill="#fbbf24" opacity="0.25" />
        </g>
      ))}
      <path d="M80 104 H320" stroke={`url(#${id}g)`} strokeWidth="6" />
      <path
        d="M80 230 Q110 170 200 200 Q290 170 320 230 Q300 290 230 270 Q200 250 170 270 Q100 290 80 230 Z"
        fill={`url(#${id}g)`}
      />
      <ellipse cx="150" cy="232" rx="26" ry="14" fill="#3b0712" />
      <ellipse cx="250" cy="232" rx="26" ry="14" fill="#3b0712" />
      <path d="M320 230 Q360 200 350 150 Q380 190 340 250 Z" fill="#b91c1c" />
      <path d="M200 270 L196 360" stroke="#ca8a04" strokeWidth="5" />
    </ArtworkFrame>
  );
}
