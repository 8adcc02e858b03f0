import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClipPlayer } from './clip-player';
import { playerVolumeStore } from './player-volume';

/**
 * jsdom has no media engine: play() and pause() here do what a browser's do to a loaded video
 * (flip `paused` and fire the event), and the clip is 60 s long once its metadata "arrives".
 */
beforeEach(() => {
  let paused = true;
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => paused);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(60);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderPlayer(variant: 'page' | 'modal') {
  render(<ClipPlayer src="/media/fictional.mp4" poster="/media/fictional.jpg" title="A fictional clip" variant={variant} />);
  const video = screen.getByLabelText<HTMLVideoElement>('A fictional clip');
  fireEvent(video, new Event('loadedmetadata'));
  return { user: userEvent.setup(), video, player: screen.getByRole('group', { name: 'Video player: A fictional clip' }) };
}

describe('ClipPlayer', () => {
  it('plays and pauses from its button, a click on the video and the keyboard (Space, K)', async () => {
    const { user, video } = renderPlayer('page');
    expect(screen.getByTestId('clip-time').textContent).toBe('0:00 / 1:00');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeDefined();
    await user.click(video);
    expect(screen.getByRole('button', { name: 'Play' })).toBeDefined();
    video.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeDefined();
    await user.keyboard('k');
    expect(screen.getByRole('button', { name: 'Play' })).toBeDefined();
  });

  it('seeks five seconds with the arrow keys, within the clip', async () => {
    const { user, video } = renderPlayer('page');
    video.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(video.currentTime).toBe(10);
    expect(screen.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')).toBe('0:10 of 1:00');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(video.currentTime).toBe(0);
  });

  it('turns the volume with ↑/↓, mutes with M, and remembers both for the next clip', async () => {
    const { user, video } = renderPlayer('page');
    video.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuetext')).toBe('80%');
    expect(video.volume).toBe(0.8);
    await user.keyboard('m');
    expect(video.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeDefined();
    expect(playerVolumeStore.get()).toEqual({ volume: 0.8, muted: true });
    // Unmuting brings the sound back at the remembered level.
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(playerVolumeStore.get()).toEqual({ volume: 0.8, muted: false });
  });

  it('on the clip page, plays at the chosen speed', async () => {
    const { user, video } = renderPlayer('page');
    await user.selectOptions(screen.getByLabelText('Playback speed'), '1.5');
    expect(video.playbackRate).toBe(1.5);
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeDefined();
  });

  it('in the movie card, expands with F or its button and contracts with Escape', async () => {
    const { user, video, player } = renderPlayer('modal');
    expect(screen.queryByLabelText('Playback speed')).toBeNull();
    video.focus();
    await user.keyboard('f');
    expect(player.dataset.expanded).toBe('true');
    await user.keyboard('{Escape}');
    expect(player.dataset.expanded).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Expand player' }));
    expect(player.dataset.expanded).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Contract player' }));
    expect(player.dataset.expanded).toBe('false');
  });
});
