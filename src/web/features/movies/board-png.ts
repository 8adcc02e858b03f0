import { BOARD_IMAGE_SIZES, boardImageSvg, type BoardImageFormat, type BoardImageInput } from '../../../domain/board-image';

/** Draws a board image's SVG (see boardImageSvg) to a PNG in the browser. */
export async function svgPng(svg: string, format: BoardImageFormat): Promise<Blob> {
  const { width, height } = BOARD_IMAGE_SIZES[format];
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('This browser cannot draw images.');
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob === null ? reject(new Error('Could not make the image.')) : resolve(blob)), 'image/png');
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Draws the board image (the same SVG the server renders for link previews) to a PNG in the browser. */
export function boardPng(input: BoardImageInput): Promise<Blob> {
  return svgPng(boardImageSvg(input), input.format);
}
