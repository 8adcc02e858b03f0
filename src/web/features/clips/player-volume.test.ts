import { describe, expect, it } from 'vitest';
import { volumeIcon } from './player-volume';

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
