import { useId } from 'react';

const STAR_PATH = 'M12 1.5l3.09 6.26 6.91 1-5 4.87 1.18 6.88L12 17.27l-6.18 3.24L7 13.63 2 8.76l6.91-1z';
const STARS = [0, 1, 2, 3, 4];

/** A 0–5 star rating (halves allowed) drawn at the spec's 75px width, with its caption. */
export function StarRating({ rating, caption }: { rating: number; caption: string }) {
  const clipId = useId();
  const clamped = Math.min(5, Math.max(0, rating));
  const label = `${clamped} out of 5 stars`;
  return (
    <div className="flex items-center gap-3">
      <svg role="img" aria-label={label} width="75" height="15" viewBox="0 0 120 24" className="shrink-0" data-rating={clamped}>
        <title>{label}</title>
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width={(clamped / 5) * 120} height="24" />
          </clipPath>
        </defs>
        <g className="fill-slate-300 dark:fill-slate-600">
          {STARS.map((star) => (
            <path key={star} d={STAR_PATH} transform={`translate(${star * 24} 0)`} />
          ))}
        </g>
        <g className="fill-amber-400" clipPath={`url(#${clipId})`}>
          {STARS.map((star) => (
            <path key={star} d={STAR_PATH} transform={`translate(${star * 24} 0)`} />
          ))}
        </g>
      </svg>
      <span className="text-sm text-slate-600 dark:text-slate-300">
        <span className="font-semibold text-slate-900 dark:text-slate-100">{clamped}</span> · {caption}
      </span>
    </div>
  );
}
