import { useState } from 'react';
import { Icon } from '../../../ui/icon';
import type { MovieClipProps } from '../../components/movie-clip-slot';
import { useOnline } from '../../lib/use-online';
import { ClipPlayer } from './clip-player';
import { MovieClipError, MovieClipOffline } from './clip-notes';
import { useClipByTitle } from './use-clip-by-title';

/**
 * The movie modal's clip (provided through MovieClipSlotContext): loads the newest clip titled
 * like the movie. A play overlay on the poster appears only when a clip exists; clicking the
 * poster puts the player in its place.
 */
export function MovieClip({ movieName, poster }: MovieClipProps) {
  return <MovieClipView key={movieName} movieName={movieName} poster={poster} />;
}

function MovieClipView({ movieName, poster }: MovieClipProps) {
  const { data: clip, isError } = useClipByTitle(movieName);
  const [playing, setPlaying] = useState(false);
  const online = useOnline();

  if (!online && (isError || clip === undefined)) return <MovieClipOffline poster={poster} />;
  if (isError) return <MovieClipError poster={poster} />;
  if (clip === undefined || clip === null) return <>{poster}</>;
  if (playing) {
    return <ClipPlayer variant="modal" src={clip.url} poster={clip.screenshotURL} title={clip.title} autoPlay />;
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="group relative block w-full cursor-pointer"
      aria-label={`Play the clip of ${movieName}`}
    >
      {poster}
      <span
        className="absolute inset-0 flex items-center justify-center bg-black/20 transition group-hover:bg-black/40"
        data-testid="play-overlay"
      >
        <Icon
          name="play_arrow"
          className="rounded-full bg-amber-400 p-3 text-4xl text-slate-950 shadow-lg transition group-hover:scale-110"
        />
      </span>
    </button>
  );
}
