// Draws one fixed share image and writes it to stdout as base64 (share-image.test.ts runs this in
// a process whose fontconfig would find no font at all).
import { createShareImageRenderer } from '../../src/server/pages/share-image';
import { FONT_CHECK_BOARD } from './share-image-board';

const { board, names } = FONT_CHECK_BOARD;
const image = await createShareImageRenderer({ footer: 'mingo.example' }).render(board, names, 'wide');
process.stdout.write(image.png.toString('base64'));
