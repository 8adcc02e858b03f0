import { useState, type ReactNode } from 'react';
import { Modal } from '../../components/modal';
import { ConnectionStatus } from './connection-status';
import { InvitePanel } from './invite-panel';
import type { Connection } from './use-league-live';

type LeagueHeadProps = {
  /** The league's name and invite. */
  league: { code: string; name: string; joinUrl: string };
  connection: Connection | null;
  /** The line under the name: the board and the league's size. */
  children: ReactNode;
};

/**
 * A league page's head, for a friends' league and a community league alike: the name, a line
 * about the league, the live connection and Invite friends with its dialog.
 */
export function LeagueHead({ league, connection, children }: LeagueHeadProps) {
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="page-title break-words">{league.name}</h1>
          <p className="text-slate-600 dark:text-slate-300">{children}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ConnectionStatus connection={connection} />
          <button type="button" className="btn-primary" onClick={() => setInviting(true)}>
            Invite friends
          </button>
        </div>
      </div>
      {inviting && (
        <Modal name="leagueInvite" title={`Invite friends to ${league.name}`} open onClose={() => setInviting(false)}>
          <InvitePanel invite={league} />
        </Modal>
      )}
    </>
  );
}

type LeagueSectionProps = {
  /** The heading's id, which labels the section. */
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A part of a league page under its own heading (the section is labelled by it). */
export function LeagueSection({ id, title, className = 'flex flex-col gap-2', children }: LeagueSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-black">
        {title}
      </h2>
      {children}
    </section>
  );
}
