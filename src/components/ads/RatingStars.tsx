import { Star } from 'lucide-react';

type Props = {
  rating: number;
  className?: string;
  /** What the stars rate, read out before "4 of 5". */
  noun?: string;
};

/**
 * A 1–5 rating as five stars: the seller's condition rating, read out as "Condition 4 of 5"
 * (docs/SCREENS.md, Ad Details), or a review's, "Rated 4 of 5".
 */
export default function RatingStars({ rating, className = '', noun = 'Condition' }: Props) {
  const value = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span role="img" aria-label={`${noun} ${value} of 5`} className={`inline-flex items-center gap-0.5 ${className}`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          className={`h-4 w-4 ${i <= value ? 'fill-amber-400 text-amber-500' : 'fill-none text-slate-400'}`}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
