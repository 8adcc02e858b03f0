import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useMatches, useNavigate, useRevalidator } from 'react-router';
import { Icon } from '../../../ui/icon';
import { MenuButton } from '../../components/menu-button';
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

/** Where the account links sit: in the one-row bar (staff links in an "Admin" menu) or in the phone menu (a flat list). */
export type AccountLinksLayout = 'bar' | 'menu';

function StaffLinks({ isAdmin }: { isAdmin: boolean }) {
  const location = useLocation();
  const manage = paths.manage(1);
  const manageActive = `${location.pathname}${location.search}` === manage;
  return (
    <ul className="flex flex-col gap-1">
      <li>
        <Link to={manage} className={`${linkClass(manageActive)} w-full`} aria-current={manageActive ? 'page' : undefined}>
          Manage
        </Link>
      </li>
      <li>
        <NavLink to={paths.upload} end className={({ isActive }) => `${linkClass(isActive)} w-full`}>
          Upload
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.addProduct} end className={({ isActive }) => `${linkClass(isActive)} w-full`}>
          Add product
        </NavLink>
      </li>
      {isAdmin && (
        <>
          <li>
            <NavLink to={paths.staff} end className={({ isActive }) => `${linkClass(isActive)} w-full`}>
              Staff
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.orders} end className={({ isActive }) => `${linkClass(isActive)} w-full`}>
              Orders
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.boards} end className={({ isActive }) => `${linkClass(isActive)} w-full`}>
              Boards
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.adminLeagues} end className={({ isActive }) => `${linkClass(isActive)} w-full`}>
              Leagues
            </NavLink>
          </li>
        </>
      )}
    </ul>
  );
}

/**
 * The account part of the navigation: Login while signed out; while signed in, the staff links
 * (in an "Admin" menu in the bar, listed under an "Admin" heading in the phone menu) and Logout.
 */
export function AccountLinks({ layout = 'bar' }: { layout?: AccountLinksLayout }) {
  const session = useSession();
  const location = useLocation();

  if (session.status !== 'signed-in') {
    return (
      <button type="button" className="nav-link" onClick={openAuthModal}>
        Login
      </button>
    );
  }

  const isAdmin = session.user.role === 'admin';
  const adminPaths: string[] = [
    paths.manageRoute,
    paths.upload,
    paths.addProduct,
    paths.staff,
    paths.orders,
    paths.boards,
    paths.adminLeagues,
  ];
  const adminActive = adminPaths.includes(location.pathname);
  if (layout === 'menu') {
    return (
      <>
        <p className="px-3 pt-2 text-xs font-bold tracking-wide text-slate-600 uppercase dark:text-slate-300">Admin</p>
        <StaffLinks isAdmin={isAdmin} />
        <LogoutButton />
      </>
    );
  }
  return (
    <>
      <MenuButton label="Admin" icon={<Icon name="settings" />} buttonClassName={linkClass(adminActive)} panelClassName="w-48">
        <StaffLinks isAdmin={isAdmin} />
      </MenuButton>
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
