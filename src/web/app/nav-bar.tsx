import { NavLink } from 'react-router';
import { Icon } from '../../ui/icon';
import { NavBarView, type NavLinkDrawer } from '../../ui/nav-bar-view';
import { useNotedLeagues } from '../features/leagues/player-note';
import { useCartCount } from '../features/shop/cart-store';
import { MenuButton } from '../components/menu-button';
import type { AccountLinksLayout } from '../features/auth/account-links';
import { paths } from '../lib/paths';
import { useTheme } from './theme';

const navLinkClass = ({ isActive }: { isActive: boolean }) => `nav-link ${isActive ? 'nav-link-active' : ''}`;

function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      className="nav-button"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      <Icon name={theme === 'dark' ? 'dark_mode' : 'light_mode'} />
    </button>
  );
}

/** The bar's links as router links; the page links are marked while their page is open. */
const routerLink: NavLinkDrawer = ({ to, className, label, children }) =>
  to === 'home' ? (
    <NavLink to={paths.home} end className={className} aria-label={label}>
      {children}
    </NavLink>
  ) : (
    <NavLink to={paths[to]} className={navLinkClass} aria-label={label}>
      {children}
    </NavLink>
  );

/** Top navigation (ui/nav-bar-view.tsx), with the router's links, the cart count, the theme and the account area. */
export function NavBar({ accountLinks }: { accountLinks: (layout: AccountLinksLayout) => React.ReactNode }) {
  return (
    <NavBarView
      link={routerLink}
      cartCount={useCartCount()}
      // Once this browser plays in a league (the player note: no API call for anyone else).
      leagues={useNotedLeagues().length > 0}
      account={{ bar: accountLinks('bar'), menu: accountLinks('menu') }}
      themeToggle={<ThemeToggle />}
      menu={(panel) => (
        <MenuButton label="Menu" icon={<Icon name="menu" />} labelClassName="sr-only" buttonClassName="nav-button" panelClassName="w-64">
          {panel}
        </MenuButton>
      )}
    />
  );
}
