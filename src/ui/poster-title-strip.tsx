import type { Poster } from '../shared/boards';

/**
 * A movie's title over the foot of its poster, when the poster is one an organiser uploaded: the
 * generated placeholders and the demo posters draw their title themselves
 * (domain/poster-placeholder.ts), so they get none. Fans see it on the boards and the organisers
 * in the board editor. Decorative: the square's own label names the movie to assistive technology.
 */
export function PosterTitleStrip({ movie }: { movie: { name: string; poster?: Poster } }) {
  if (movie.poster === undefined || movie.poster.placeholder) return null;
  // The title is drawn from `data-title` by the style sheet (app.css), not written as text: a text
  // node counts as the square's visible label even when hidden from assistive technology, and the
  // editor's squares, named "O5: <title>" by their caption, would then fail axe's label-in-name rule.
  return <span aria-hidden="true" className="poster-title-strip" data-title={movie.name} data-testid="poster-title-strip" />;
}
