/**
 * The last 24 hours as a polyline. Time runs left to right in both directions of the page, as on
 * every chart; the last point follows the live price.
 */
export function Sparkline({ points, label, width = 96, height = 28 }: { points: readonly number[]; label: string; width?: number; height?: number }) {
  if (points.length < 2) return <svg width={width} height={height} aria-hidden="true" />;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const step = width / (points.length - 1);
  const coords = points.map((value, i) => `${(i * step).toFixed(1)},${(height - 2 - ((value - min) / span) * (height - 4)).toFixed(1)}`).join(' ');
  const rising = points[points.length - 1]! >= points[0]!;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} data-testid="sparkline">
      <polyline
        points={coords}
        fill="none"
        strokeWidth="1.5"
        strokeLinejoin="round"
        className={rising ? 'stroke-emerald-500' : 'stroke-rose-500'}
      />
    </svg>
  );
}
