import { boolean, number, object } from '../../lib/first-load-schemas';
import { createLocalStore } from '../../lib/local-store';

/** The player's volume and mute state, remembered across clips and visits (read without zod: decision 184). */
export const playerVolumeStore = createLocalStore('clipVolume', object({ volume: number({ min: 0, max: 1 }), muted: boolean() }), {
  volume: 1,
  muted: false,
});

/** The specification's volume icon: off at 0, up above 0.7, down otherwise. */
export function volumeIcon(volume: number, muted: boolean): 'volume_off' | 'volume_up' | 'volume_down' {
  const level = muted ? 0 : volume;
  if (level <= 0) return 'volume_off';
  return level > 0.7 ? 'volume_up' : 'volume_down';
}
