import { CLIP_TITLE_MAX } from '../../../shared/clips';

const comparable = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The title suggested for an uploaded file: its name without the extension and with _ and -
 * read as spaces — or, when that matches a movie name apart from case and punctuation, the
 * movie's exact name, so the clip shows in that movie's details.
 */
export function titleFromFileName(fileName: string, movieNames: readonly string[]): string {
  const base = fileName.replace(/\.[^.]*$/, '');
  const wanted = comparable(base);
  const movie = wanted === '' ? undefined : movieNames.find((name) => comparable(name) === wanted);
  if (movie !== undefined) return movie;
  return base.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, CLIP_TITLE_MAX);
}
