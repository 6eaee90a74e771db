/**
 * Small inline-SVG bars, one per value, stacked in two colours (e.g. completed and failed); the
 * label reads the figures out for screen readers.
 */
export function BarChart({
  values,
  label,
}: {
  values: { key: string; main: number; extra?: number; title: string }[];
  label: string;
}) {
  const max = Math.max(1, ...values.map((value) => value.main + (value.extra ?? 0)));
  const width = 100 / Math.max(1, values.length);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 100 40"
      preserveAspectRatio="none"
      className="h-16 w-full"
    >
      {values.map((value, index) => {
        const mainHeight = (value.main / max) * 38;
        const extraHeight = ((value.extra ?? 0) / max) * 38;
        const x = index * width + width * 0.15;
        return (
          <g key={value.key}>
            <title>{value.title}</title>
            <rect x={x} y={0} width={width * 0.7} height={40} className="fill-white/5" />
            <rect
              x={x}
              y={40 - mainHeight}
              width={width * 0.7}
              height={mainHeight}
              className="fill-accent-400"
            />
            <rect
              x={x}
              y={40 - mainHeight - extraHeight}
              width={width * 0.7}
              height={extraHeight}
              className="fill-rose-400"
            />
          </g>
        );
      })}
    </svg>
  );
}
