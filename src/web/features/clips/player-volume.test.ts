import { describe, expect, it } from 'vitest';
import { playerVolumeStore, volumeIcon } from './player-volume';

describe('volumeIcon', () => {
  it.each([
    [0, false, 'volume_off'],
    [0.8, true, 'volume_off'],
    [0.05, false, 'volume_down'],
    [0.7, false, 'volume_down'],
    [0.71, false, 'volume_up'],
    [1, false, 'volume_up'],
  ] as const)('volume %s, muted %s → %s', (volume, muted, icon) => {
    expect(volumeIcon(volume, muted)).toBe(icon);
  });
});

describe('playerVolumeStore', () => {
  it('reads a remembered volume, and falls back to full volume for one out of range or of the wrong kind', () => {
    localStorage.setItem('clipVolume', JSON.stringify({ volume: 0.4, muted: true }));
    expect(playerVolumeStore.get()).toEqual({ volume: 0.4, muted: true });
    for (const stored of [{ volume: 1.5, muted: false }, { volume: -0.1, muted: false }, { volume: 0.5, muted: 'no' }, { volume: 0.5 }]) {
      localStorage.setItem('clipVolume', JSON.stringify(stored));
      expect(playerVolumeStore.get()).toEqual({ volume: 1, muted: false });
    }
    localStorage.removeItem('clipVolume');
  });
});
