/** Step 1: the invoice page opens in a new tab with the amount and a coin to pay with. */
export function PaymentInitiatedIllustration() {
  return (
    <svg
      viewBox="0 0 240 140"
      role="img"
      aria-label="A payment page opening in a new tab"
      className="h-auto w-full"
    >
      <rect
        x="20"
        y="14"
        width="200"
        height="112"
        rx="12"
        fill="#1a1630"
        stroke="#6d5bd0"
        strokeWidth="2"
      />
      <rect x="20" y="14" width="200" height="22" rx="12" fill="#2a2350" />
      <circle cx="36" cy="25" r="4" fill="#f43f5e" />
      <circle cx="50" cy="25" r="4" fill="#f59e0b" />
      <circle cx="64" cy="25" r="4" fill="#10b981" />
      <rect x="44" y="52" width="90" height="10" rx="5" fill="#a78bfa" />
      <rect x="44" y="70" width="60" height="8" rx="4" fill="#52525b" />
      <circle cx="178" cy="74" r="20" fill="#f59e0b" />
      {/* A drawn bitcoin sign: the self-hosted fonts are a latin subset without ₿. */}
      <path
        d="M172 64h6a4.5 4.5 0 0 1 0 9h-6zm0 9h7a5.5 5.5 0 0 1 0 11h-7zM175 60v4M175 84v4M179 60v4M179 84v4"
        fill="none"
        stroke="#1a1630"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <rect x="44" y="96" width="152" height="16" rx="8" fill="#7c3aed" />
    </svg>
  );
}

/** Step 2: the payment is confirmed on the network and Premium switches on. */
export function PaymentProcessingIllustration() {
  return (
    <svg
      viewBox="0 0 240 140"
      role="img"
      aria-label="A payment being confirmed"
      className="h-auto w-full"
    >
      <rect
        x="20"
        y="14"
        width="200"
        height="112"
        rx="12"
        fill="#1a1630"
        stroke="#6d5bd0"
        strokeWidth="2"
      />
      <circle cx="82" cy="70" r="30" fill="none" stroke="#3f3f46" strokeWidth="8" />
      <path
        d="M82 40 a30 30 0 0 1 30 30"
        fill="none"
        stroke="#a78bfa"
        strokeWidth="8"
        strokeLinecap="round"
      />
      <circle cx="166" cy="70" r="26" fill="#10b981" />
      <path
        d="M154 70 l8 8 l16 -16"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M118 70 h20" stroke="#71717a" strokeWidth="4" strokeDasharray="4 4" />
    </svg>
  );
}
