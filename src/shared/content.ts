import { z } from 'zod';

// Schemas for the static content served from public/data: the movie list behind the yearly
// boards and the how-to-play tiles on the about page.

const StarRatingSchema = z
  .number()
  .min(0)
  .max(5)
  .refine((value) => Number.isInteger(value * 2), { message: 'Star ratings go in steps of 0.5' });

export const MovieSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  year: z.number().int(),
  description: z.string(),
  imageURL: z.string().min(1),
  starDescriptionA: z.string(),
  starRatingA: StarRatingSchema,
  starDescriptionB: z.string(),
  starRatingB: StarRatingSchema,
  runtime: z.number().int().min(0),
});

export const MovieListSchema = z.array(MovieSchema);

export const HowToPlayTileSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  imageURL: z.string().min(1),
});

export const HowToPlayListSchema = z.array(HowToPlayTileSchema);

export type Movie = z.infer<typeof MovieSchema>;
export type MovieList = z.infer<typeof MovieListSchema>;
export type HowToPlayTile = z.infer<typeof HowToPlayTileSchema>;
export type HowToPlayList = z.infer<typeof HowToPlayListSchema>;
