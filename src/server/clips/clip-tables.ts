import type { Generated } from 'kysely';
import type { Timestamp } from '../db/schema';

/** Row type of `clips` (migration 0004-clips). */
export type ClipsTable = {
  id: Generated<string>;
  owner_id: string;
  title: string;
  video_key: string;
  video_mime: string;
  video_bytes: number;
  screenshot_key: string;
  screenshot_mime: string;
  created_at: Timestamp;
};

/** Row type of `pending_media` (migration 0050-pending-media; see pending-media.ts). */
export type PendingMediaTable = {
  key: string;
  owner: string;
  touched_at: Timestamp;
};

export type ClipTables = {
  clips: ClipsTable;
  pending_media: PendingMediaTable;
};
