import { UNKNOWN_LEAGUE } from '../../../shared/leagues';
import { PAGE_META } from '../../../shared/page-meta';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isNotFound, useLeaguePreview } from './league-query';
import { NicknameJoinForm } from './nickname-join-form';

/**
 * A visitor holding the link: the league's name, year and size, and a nickname to join with. A
 * taken nickname (409) is said on the field. Joining makes this browser a player (the marks sync
 * starts and uploads the marks it has).
 */
export function JoinLeague({ code }: { code: string }) {
  const preview = useLeaguePreview(code, true);
  useDocumentTitle(preview.data === undefined ? PAGE_META.league.name : `Join ${preview.data.name}`);

  if (preview.isPending) return <p aria-busy="true">Loading the league…</p>;
  if (preview.isError) {
    return (
      <div className="flex flex-col gap-2">
        <h1 className="page-title">League not found</h1>
        <p role="alert">
          {isNotFound(preview.error) ? UNKNOWN_LEAGUE : errorMessage(preview.error, 'The league could not be loaded. Please try again.')}
        </p>
      </div>
    );
  }
  const { name, year, memberCount } = preview.data;

  return (
    <div className="flex max-w-lg flex-col gap-4">
      <div>
        <p className="text-sm font-semibold text-slate-600 dark:text-slate-300">You are invited to a league</p>
        <h1 className="page-title break-words">{name}</h1>
        <p className="text-slate-600 dark:text-slate-300">
          The {year} board · {memberCount} {memberCount === 1 ? 'member' : 'members'}
        </p>
      </div>
      <NicknameJoinForm
        code={code}
        id="join-nickname"
        hint="What the others see in the standings. No account: this browser remembers you."
        submitLabel="Join the league"
        className="card flex flex-col gap-3 p-4"
      />
    </div>
  );
}
