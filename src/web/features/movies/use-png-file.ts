import { useEffect, useState } from 'react';
import type { BoardImageFormat } from '../../../domain/board-image';
import { svgPng } from './board-png';

type Drawing = { svg: string; file: File | undefined };

/**
 * Draws `svg` to a PNG file as soon as it is known, so the file is ready before anyone clicks.
 * `ready` turns true when the drawing is done or has failed (`file` then stays undefined);
 * without an `svg`, nothing is drawn.
 */
export function usePngFile(
  svg: string | undefined,
  format: BoardImageFormat,
  fileName: string,
): { ready: boolean; file: File | undefined } {
  const [drawing, setDrawing] = useState<Drawing>();
  useEffect(() => {
    if (svg === undefined) return;
    let current = true;
    svgPng(svg, format).then(
      (blob) => {
        if (current) setDrawing({ svg, file: new File([blob], fileName, { type: 'image/png' }) });
      },
      (error: unknown) => {
        console.warn('Could not draw the board image', error);
        if (current) setDrawing({ svg, file: undefined });
      },
    );
    return () => {
      current = false;
    };
  }, [svg, format, fileName]);
  // A drawing of an earlier board is never handed out.
  const done = drawing !== undefined && drawing.svg === svg;
  return { ready: done, file: done ? drawing.file : undefined };
}
