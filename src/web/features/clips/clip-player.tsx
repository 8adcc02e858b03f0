import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatClipTime } from '../../../domain/format';
import { Icon } from '../../../ui/icon';
import { playerVolumeStore, volumeIcon } from './player-volume';

export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.5, 2] as const;
const SEEK_STEP_SECONDS = 5;
const VOLUME_STEP = 0.1;

type ClipPlayerProps = {
  src: string;
  poster: string;
  title: string;
  /** The clip page adds speeds and full screen; in the movie modal the player expands and contracts. */
  variant: 'page' | 'modal';
  autoPlay?: boolean;
};

const controlButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/20 focus-visible:bg-white/20';

/**
 * The clip player: play/pause, seek bar, time, volume bar and mute (remembered), keyboard
 * shortcuts (Space/K, ←/→ seek, ↑/↓ volume, M mute, F full screen or expand). The video loads
 * only its metadata until played, showing the screenshot as its poster.
 */
export function ClipPlayer({ src, poster, title, variant, autoPlay = false }: ClipPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState(1);
  const [expanded, setExpanded] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const { volume, muted } = playerVolumeStore.use();
  const speedId = useId();

  // The remembered volume lives in localStorage; the <video> element follows it.
  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return;
    video.volume = volume;
    video.muted = muted;
  }, [volume, muted]);

  useEffect(() => {
    const video = videoRef.current;
    if (video === null || !autoPlay) return;
    video.play().catch(() => setPlaying(false));
  }, [autoPlay]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const togglePlay = () => {
    const video = videoRef.current;
    if (video === null) return;
    if (video.paused || video.ended) video.play().catch(() => setPlaying(false));
    else video.pause();
  };

  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (video === null) return;
    const end = Number.isFinite(video.duration) ? video.duration : seconds;
    video.currentTime = Math.max(0, Math.min(end, seconds));
    setCurrentTime(video.currentTime);
  };

  const setVolume = (next: number) => {
    const clamped = Math.round(Math.max(0, Math.min(1, next)) * 100) / 100;
    playerVolumeStore.set({ volume: clamped, muted: clamped === 0 });
  };

  const toggleMute = () => {
    playerVolumeStore.set((current) =>
      // Unmuting from zero volume would stay silent: bring the volume back up.
      current.muted || current.volume === 0
        ? { volume: current.volume === 0 ? 0.5 : current.volume, muted: false }
        : { ...current, muted: true },
    );
  };

  const changeSpeed = (next: number) => {
    const video = videoRef.current;
    if (video !== null) video.playbackRate = next;
    setSpeed(next);
  };

  const toggleFullscreen = () => {
    const frame = frameRef.current;
    if (frame === null) return;
    if (document.fullscreenElement === frame) void document.exitFullscreen();
    else frame.requestFullscreen().catch((error: unknown) => console.warn('Full screen was refused', error));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.tagName === 'SELECT') return;
    const inRange = target.tagName === 'INPUT';
    const onButton = target.tagName === 'BUTTON';
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    let handled = true;
    if ((key === ' ' && !onButton) || key === 'k') togglePlay();
    else if (key === 'ArrowLeft' && !inRange) seekTo((videoRef.current?.currentTime ?? 0) - SEEK_STEP_SECONDS);
    else if (key === 'ArrowRight' && !inRange) seekTo((videoRef.current?.currentTime ?? 0) + SEEK_STEP_SECONDS);
    else if (key === 'ArrowUp' && !inRange) setVolume((muted ? 0 : volume) + VOLUME_STEP);
    else if (key === 'ArrowDown' && !inRange) setVolume((muted ? 0 : volume) - VOLUME_STEP);
    else if (key === 'm') toggleMute();
    else if (key === 'f') {
      if (variant === 'page') toggleFullscreen();
      else setExpanded((value) => !value);
    } else if (key === 'Escape' && expanded) setExpanded(false);
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const shownVolume = muted ? 0 : volume;
  const frameClass = expanded
    ? 'fixed inset-0 z-50 flex flex-col justify-center bg-black p-2 sm:p-6'
    : `relative overflow-hidden bg-black ${fullscreen ? 'flex flex-col justify-center' : 'rounded-xl'}`;

  return (
    <div
      ref={frameRef}
      className={frameClass}
      onKeyDown={onKeyDown}
      role="group"
      aria-label={`Video player: ${title}`}
      data-testid="clip-player"
      data-expanded={expanded}
    >
      <video
        ref={videoRef}
        src={src}
        poster={poster}
        preload="metadata"
        playsInline
        tabIndex={0}
        aria-label={title}
        className={`w-full bg-black ${expanded || fullscreen ? 'max-h-[calc(100dvh-6rem)] min-h-0 flex-1 object-contain' : 'aspect-video'}`}
        onClick={togglePlay}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const video = event.currentTarget;
          setDuration(Number.isFinite(video.duration) ? video.duration : 0);
          video.playbackRate = speed;
        }}
        onDurationChange={(event) => {
          const value = event.currentTarget.duration;
          if (Number.isFinite(value)) setDuration(value);
        }}
      />
      <div className="flex flex-wrap items-center gap-x-1 gap-y-1 bg-slate-950/90 px-2 py-1.5 text-white">
        <input
          type="range"
          aria-label="Seek"
          min={0}
          max={duration > 0 ? duration : 0}
          step={0.05}
          value={Math.min(currentTime, duration)}
          aria-valuetext={`${formatClipTime(currentTime)} of ${formatClipTime(duration)}`}
          onChange={(event) => seekTo(Number(event.target.value))}
          className="order-first h-2 w-full cursor-pointer accent-amber-400"
        />
        <button type="button" className={controlButton} onClick={togglePlay} aria-label={playing ? 'Pause' : 'Play'}>
          <Icon name={playing ? 'pause' : 'play_arrow'} />
        </button>
        <span className="px-1 font-mono text-xs tabular-nums" data-testid="clip-time">
          {formatClipTime(currentTime)} / {formatClipTime(duration)}
        </span>
        <span className="ml-auto flex items-center">
          <button type="button" className={controlButton} onClick={toggleMute} aria-label={shownVolume === 0 ? 'Unmute' : 'Mute'}>
            <Icon name={volumeIcon(volume, muted)} />
          </button>
          <input
            type="range"
            aria-label="Volume"
            min={0}
            max={1}
            step={0.05}
            value={shownVolume}
            aria-valuetext={`${Math.round(shownVolume * 100)}%`}
            onChange={(event) => setVolume(Number(event.target.value))}
            className={`h-2 cursor-pointer accent-amber-400 ${variant === 'modal' && !expanded ? 'w-14' : 'w-20 sm:w-24'}`}
          />
        </span>
        {variant === 'page' ? (
          <>
            <label className="sr-only" htmlFor={speedId}>
              Playback speed
            </label>
            <select
              id={speedId}
              value={speed}
              onChange={(event) => changeSpeed(Number(event.target.value))}
              className="rounded-md border border-white/30 bg-slate-900 px-1 py-1 text-xs text-white"
            >
              {PLAYBACK_SPEEDS.map((value) => (
                <option key={value} value={value}>
                  {value === 1 ? 'Normal' : `${value}×`}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={controlButton}
              onClick={toggleFullscreen}
              aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
            >
              <Icon name={fullscreen ? 'fullscreen_exit' : 'fullscreen'} />
            </button>
          </>
        ) : (
          <button
            type="button"
            className={controlButton}
            onClick={() => setExpanded((value) => !value)}
            aria-label={expanded ? 'Contract player' : 'Expand player'}
          >
            <Icon name={expanded ? 'close_fullscreen' : 'open_in_full'} />
          </button>
        )}
      </div>
    </div>
  );
}
