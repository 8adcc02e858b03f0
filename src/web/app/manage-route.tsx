import { useSession } from '../features/auth/session-store';
import { ManagePage } from '../features/clips/manage-page';

/** /manage: the clips feature's page, told by the app shell whether the viewer is an admin ("All clips"). */
function ManageRoute() {
  const session = useSession();
  return <ManagePage canSeeAll={session.status === 'signed-in' && session.user.role === 'admin'} />;
}

export { ManageRoute as Component };
