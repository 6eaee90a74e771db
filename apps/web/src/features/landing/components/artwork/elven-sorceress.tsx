import { useId } from 'react';
import { ArtworkFrame } from './artwork-frame';

const RUNES = [0, 45, 90, 135, 180, 225, 270, 315];

export function ElvenSorceressArt() {
  const id = useId();
  return (
    <ArtworkFrame label="An elven sorceress in a silver gown raising a staff inside a ring of glowing runes">
      <defs>
        <radialGradient id={`${id}g`} cy="0.4">
          <stop offset="0" stopColor="#0e7490" />
          <stop offset="1" stopColor="#042f2e" />
        </radialGradient>
        <linearGradient id={`${id}d`} x2="1">
          <stop offset="0" stopColor="#94a3b8" />
          <stop offset="0.5" stopColor="#f1f5f9" />
          <stop offset="1" stopColor="#64748b" />
        </linearGradient>
      </defs>
      <rect width="400" height="500" fill={`url(#${id}g)`} />
      <circle
        cx="200"
        cy="200"
        r="140"
        fill="none"
        stroke="#5eead4"
        strokeWidth="2"
        opacity="0.6"
      />
      <g fill="#99f6e4">
        {RUNES.map((angle) => (
          <path
            key={angle}
            d="M-6 -10 L6 -10 L0 10 Z M-8 2 H8"
            stroke="#99f6e4"
            strokeWidth="2"
            transform={`rotate(${angle} 200 200) translate(200 60)`}
          />
        ))}
      </g>
      <path d="M200 150 L140 470 H260 Z" fill={`url(#${id}d)`} />
      <circle cx="200" cy="128" r="24" fill="#e2e8f0" />
      <path d="M176 124 L160 110 L178 118 Z M224 124 L240 110 L222 118 Z" fill="#e2e8f0" />
      <path d="M182 120 Q200 90 218 120 L226 200 Q200 180 174 200 Z" fill="#f8fafc" opacity="0.8" />
      <path d="M262 80 L250 380" stroke="#cbd5e1" strokeWidth="5" />
      <circle cx="263" cy="74" r="14" fill="#a5f3fc" />
      <circle cx="263" cy="74" r="34" fill="#a5f3fc" opacity="0.3" />
    </ArtworkFrame>
  );
}
