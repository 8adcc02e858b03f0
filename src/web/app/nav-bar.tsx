import { NavLink } from 'react-router';
import { PRODUCT_NAME } from '../../shared/product';
import { Icon } from '../components/icon';
import { useNotedLeagues } from '../features/leagues/player-note';
import { useCartCount } from '../features/shop/cart-store';
import { Logo } from './logo';
import { MenuButton } from '../components/menu-button';
import type { AccountLinksLayout } from '../features/auth/account-links';
import { paths } from '../lib/paths';
import { useTheme } from './theme';

export const navLinkClass = ({ isActive }: { isActive: boolean }) => `nav-link ${isActive ? 'nav-link-active' : ''}`;

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

function CartLink() {
  const count = useCartCount();
  return (
    <NavLink to={paths.shop} className={navLinkClass}>
      <span className="relative inline-flex items-center gap-1">
        <Icon name="shopping_cart" />
        {/* On phones the bar shows the cart icon alone; the link keeps its name. */}
        <span className="max-lg:sr-only">Shop</span>
        {count > 0 && (
          <span
            className="absolute -top-2 -left-2 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs leading-5 font-bold text-white"
            data-testid="cart-badge"
            aria-label={`${count} in cart`}
          >
            {count}
          </span>
        )}
      </span>
    </NavLink>
  );
}

function PageLinks({ className }: { className: string }) {
  // Once this browser plays in a league (the player note: no API call for anyone else).
  const inLeague = useNotedLeagues().length > 0;
  return (
    <ul className={className}>
      <li>
        <NavLink to={paths.about} className={navLinkClass}>
          About
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.db} className={navLinkClass}>
          {PRODUCT_NAME} DB
        </NavLink>
      </li>
      {inLeague && (
        <li>
          <NavLink to={paths.leagues} className={navLinkClass}>
            Leagues
          </NavLink>
        </li>
      )}
    </ul>
  );
}

/**
 * Top navigation, one row at every width. From 1024 px: logo, pages, Shop, the account area
 * (staff links in an "Admin" menu) and the theme toggle. Below: a compact sticky bar with the logo,
 * the cart, the theme toggle and a "Menu" button holding the pages and the account area.
 */
export function NavBar({ accountLinks }: { accountLinks: (layout: AccountLinksLayout) => React.ReactNode }) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/70 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/70">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-row items-center gap-1 px-4 py-2 lg:gap-4">
        <NavLink to={paths.home} end className="mr-auto rounded-lg p-1 lg:mr-0" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </NavLink>
        <PageLinks className="hidden items-center gap-1 lg:mr-auto lg:flex" />
        <CartLink />
        <div className="hidden items-center gap-1 lg:flex">{accountLinks('bar')}</div>
        <ThemeToggle />
        <div className="lg:hidden">
          <MenuButton label="Menu" icon={<Icon name="menu" />} labelClassName="sr-only" buttonClassName="nav-button" panelClassName="w-64">
            <PageLinks className="flex flex-col gap-1" />
            <div className="mt-1 flex flex-col items-stretch gap-1 border-t border-slate-200 pt-1 dark:border-slate-700">
              {accountLinks('menu')}
            </div>
          </MenuButton>
        </div>
      </nav>
    </header>
  );
}
