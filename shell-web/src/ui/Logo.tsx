/** The Autoscope wordmark, 175 by 45 px. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const ink = inverted ? '#ffffff' : 'var(--autoscope-ink)';
  return (
    <svg width={175} height={45} viewBox="0 0 175 45" role="img" aria-label="Autoscope">
      <circle cx="22" cy="22.5" r="15" fill="none" stroke={ink} strokeWidth="4" />
      <circle cx="22" cy="22.5" r="6" fill="var(--mantine-color-orange-6)" />
      <path d="M33 33.5 L41 41.5" stroke={ink} strokeWidth="4" strokeLinecap="round" />
      {/* Fitted to its box whatever font the system substitutes. */}
      <text
        x="48"
        y="30"
        fill={ink}
        fontFamily="inherit"
        fontSize="22"
        fontWeight="700"
        textLength="124"
        lengthAdjust="spacingAndGlyphs"
      >
        Autoscope
      </text>
    </svg>
  );
}
