import { NavLink } from 'react-router';
import { PRODUCT_NAME } from '../../shared/product';
import { Icon } from '../components/icon';
import { useCartCount } from '../features/shop/cart-store';
import { Logo } from './logo';
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
        <span>Shop</span>
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

/** Top navigation: a column on small screens, a row on larger ones. `accountLinks` holds the sign-in area. */
export function NavBar({ accountLinks }: { accountLinks: React.ReactNode }) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/70 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/70">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-2 sm:flex-row sm:gap-4">
        <NavLink to={paths.home} end className="rounded-lg p-1" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </NavLink>
        <ul className="flex flex-wrap items-center justify-center gap-1 sm:mr-auto">
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
          <li>
            <CartLink />
          </li>
        </ul>
        <div className="flex flex-wrap items-center justify-center gap-1">
          {accountLinks}
          <ThemeToggle />
        </div>
      </nav>
    </header>
  );
}
