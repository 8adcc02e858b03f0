import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useMatches, useNavigate, useRevalidator } from 'react-router';
import { paths } from '../../lib/paths';
import { closeAuthModal, openAuthModal, useAuthModalOpen } from './auth-modal-state';
import { signOutNow, useDelayedSignedIn, useSession } from './session-store';

const AuthModal = lazy(() => import('./auth-modal').then((module) => ({ default: module.AuthModal })));

const linkClass = (active: boolean) => `nav-link ${active ? 'nav-link-active' : ''}`;

function isAuthOnly(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'authOnly' in handle && handle.authOnly === true;
}

function LogoutButton() {
  const navigate = useNavigate();
  const matches = useMatches();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const onAuthOnlyRoute = matches.some((match) => isAuthOnly(match.handle));

  const logout = async () => {
    setBusy(true);
    closeAuthModal();
    try {
      await signOutNow();
    } catch (error) {
      console.warn('Sign-out did not reach the server', error);
    } finally {
      setBusy(false);
    }
    if (onAuthOnlyRoute) await navigate(paths.home);
    else await revalidate();
  };

  return (
    <button type="button" className="nav-link" onClick={() => void logout()} disabled={busy}>
      Logout
    </button>
  );
}

/** The account part of the navigation: Login while signed out; staff links and Logout while signed in. */
export function AccountLinks() {
  const session = useSession();
  const location = useLocation();

  if (session.status !== 'signed-in') {
    return (
      <button type="button" className="nav-link" onClick={openAuthModal}>
        Login
      </button>
    );
  }

  const manage = paths.manage(1);
  const manageActive = `${location.pathname}${location.search}` === manage;
  return (
    <>
      <Link to={manage} className={linkClass(manageActive)} aria-current={manageActive ? 'page' : undefined}>
        Manage
      </Link>
      <NavLink to={paths.upload} end className={({ isActive }) => linkClass(isActive)}>
        Upload
      </NavLink>
      <NavLink to={paths.addProduct} end className={({ isActive }) => linkClass(isActive)}>
        Add product
      </NavLink>
      {session.user.role === 'admin' && (
        <>
          <NavLink to={paths.staff} end className={({ isActive }) => linkClass(isActive)}>
            Staff
          </NavLink>
          <NavLink to={paths.orders} end className={({ isActive }) => linkClass(isActive)}>
            Orders
          </NavLink>
          <NavLink to={paths.boards} end className={({ isActive }) => linkClass(isActive)}>
            Boards
          </NavLink>
        </>
      )}
      <LogoutButton />
    </>
  );
}

/**
 * The auth modal ('Your Account'): shown only while signed out, using the signed-in state
 * delayed by 1000 ms so that the success message stays visible for a moment.
 */
export function AuthModalHost() {
  const requested = useAuthModalOpen();
  const signedInLater = useDelayedSignedIn();
  const open = requested && !signedInLater;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal onClose={closeAuthModal} />
    </Suspense>
  );
}
