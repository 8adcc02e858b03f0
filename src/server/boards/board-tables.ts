import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/schema';

/** Row types of migration 0060-boards, named as in SQL. */
export type MoviesTable = {
  id: string;
  name: string;
  year: number;
  description: Generated<string>;
  star_description_a: Generated<string>;
  /** Whole halves 0–10 (0–5 stars). */
  star_rating_a: number;
  star_description_b: Generated<string>;
  star_rating_b: number;
  runtime: number;
  free_space: Generated<boolean>;
  poster_key: string | null;
  poster_widths: ColumnType<number[], number[] | undefined, number[]>;
  poster_placeholder: Generated<boolean>;
  poster_static: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type BoardsTable = {
  year: number;
  status: ColumnType<'draft' | 'published', 'draft' | 'published' | undefined, 'draft' | 'published'>;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type BoardSlotsTable = {
  board_year: number;
  position: number;
  movie_id: string | null;
};

/** Row type of migration 0095-board-import-jobs. */
export type BoardImportJobsTable = {
  id: string;
  state: 'running' | 'done' | 'failed';
  phase: 'posters' | 'saving' | 'finished';
  done: Generated<number>;
  total: Generated<number>;
  years: number[];
  publish: boolean;
  file_sha256: string;
  owner: string;
  heartbeat_at: Timestamp;
  started_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** JSON written as text (an ImportPreview), read back parsed. */
  result: ColumnType<unknown, string | null | undefined, string | null>;
  /** JSON `{ code, message }` written as text. */
  error: ColumnType<unknown, string | null | undefined, string | null>;
};

export type BoardTables = {
  movies: MoviesTable;
  boards: BoardsTable;
  board_slots: BoardSlotsTable;
  board_import_jobs: BoardImportJobsTable;
};
