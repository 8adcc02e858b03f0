import { z } from 'zod';
import { createLocalStore } from '../../lib/local-store';

/** The player's volume and mute state, remembered across clips and visits. */
export const playerVolumeStore = createLocalStore('clipVolume', z.object({ volume: z.number().min(0).max(1), muted: z.boolean() }), {
  volume: 1,
  muted: false,
});

/** The specification's volume icon: off at 0, up above 0.7, down otherwise. */
export function volumeIcon(volume: number, muted: boolean): 'volume_off' | 'volume_up' | 'volume_down' {
  const level = muted ? 0 : volume;
  if (level <= 0) return 'volume_off';
  return level > 0.7 ? 'volume_up' : 'volume_down';
}
