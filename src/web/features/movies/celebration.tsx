import { useEffect, useRef } from 'react';
import type { BingoLine } from '../../../domain/boards';
import { PRODUCT_NAME } from '../../../shared/product';
import { lineLabel } from './bingo-board';

export type CelebrationEvent = { id: number; kind: 'line' | 'blackout'; year: number; lines: BingoLine[] };

const LINE_MS = 3500;
const BLACKOUT_MS = 6000;
const LINE_PIECES = 14;
const BLACKOUT_PIECES = 36;

/**
 * A short toast for a newly completed line, a bigger one for a blackout. It is a manual popover
 * so it shows in the top layer, above the movie modal where the seen toggle was pressed. The
 * confetti is decoration only and is hidden under prefers-reduced-motion (see app.css).
 */
export function Celebration({ event, onDone }: { event: CelebrationEvent; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (element !== null && typeof element.showPopover === 'function') element.showPopover();
    const timer = window.setTimeout(onDone, event.kind === 'blackout' ? BLACKOUT_MS : LINE_MS);
    return () => {
      window.clearTimeout(timer);
      if (element !== null && typeof element.hidePopover === 'function' && element.matches(':popover-open')) {
        element.hidePopover();
      }
    };
  }, [event, onDone]);

  const blackout = event.kind === 'blackout';
  const pieces = Array.from({ length: blackout ? BLACKOUT_PIECES : LINE_PIECES }, (_, index) => index);
  const title = blackout ? 'BLACKOUT!' : `${PRODUCT_NAME}!`;
  const detail = blackout
    ? `Every square of the ${event.year} board is seen.`
    : `${event.lines.map(lineLabel).join(' and ')} complete on the ${event.year} board.`;

  return (
    <div
      ref={ref}
      popover="manual"
      role="status"
      className={`celebration ${blackout ? 'celebration-blackout' : 'celebration-line'}`}
      data-testid="celebration"
      data-kind={event.kind}
    >
      <div className="celebration-confetti" aria-hidden="true">
        {pieces.map((piece) => (
          <span key={piece} className={`confetti-piece confetti-${piece % 12} confetti-wave-${Math.floor(piece / 12)}`} />
        ))}
      </div>
      <button type="button" className="celebration-card" onClick={onDone}>
        <span className="celebration-title">{title}</span>
        <span className="celebration-detail">{detail}</span>
      </button>
    </div>
  );
}
