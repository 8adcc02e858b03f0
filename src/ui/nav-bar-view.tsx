import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../shared/product';
import { Icon } from './icon';
import { Logo } from './logo';

/** The pages the bar links to. */
export type NavTarget = 'home' | 'about' | 'db' | 'shop' | 'leagues';

/**
 * Draws one of the bar's links: the app's router link (which marks the current page), or the
 * static shell's inert span. `label` names a link whose content is a picture (the logo).
 */
export type NavLinkDrawer = (link: { to: NavTarget; className: string; label?: string; children: ReactNode }) => ReactNode;

export type NavBarViewProps = {
  link: NavLinkDrawer;
  /** The account area in the bar (from `lg`) and in the phone menu. */
  account: { bar: ReactNode; menu: ReactNode };
  themeToggle: ReactNode;
  /** The phone menu's control, given the panel it opens (the page links and the account area). */
  menu: (panel: ReactNode) => ReactNode;
  /** Items in the cart: a badge on the Shop link when more than none. */
  cartCount: number;
  /** A Leagues link, once this browser plays in a league (never in the static shell). */
  leagues?: boolean;
  /** The static shell hides the cart's icon until the icon font is there (its name would show as text). */
  cartIconClassName?: string;
};

function PageLinks({ link, className, leagues }: { link: NavLinkDrawer; className: string; leagues: boolean }) {
  return (
    <ul className={className}>
      <li>{link({ to: 'about', className: 'nav-link', children: 'About' })}</li>
      <li>{link({ to: 'db', className: 'nav-link', children: `${PRODUCT_NAME} DB` })}</li>
      {leagues && <li>{link({ to: 'leagues', className: 'nav-link', children: 'Leagues' })}</li>}
    </ul>
  );
}

/**
 * Top navigation, one row at every width. From 1024 px: logo, pages, Shop, the account area
 * (staff links in an "Admin" menu) and the theme toggle. Below: a compact sticky bar with the logo,
 * the cart, the theme toggle and a "Menu" button holding the pages and the account area.
 * The app (web/app/nav-bar.tsx) and the static shell before it (app-shell.tsx) both draw this one.
 */
export function NavBarView({ link, account, themeToggle, menu, cartCount, cartIconClassName = '', leagues = false }: NavBarViewProps) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/70 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/70">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-row items-center gap-1 px-4 py-2 lg:gap-4">
        {link({ to: 'home', className: 'mr-auto rounded-lg p-1 lg:mr-0', label: `${PRODUCT_NAME} home`, children: <Logo /> })}
        <PageLinks link={link} leagues={leagues} className="hidden items-center gap-1 lg:mr-auto lg:flex" />
        {link({
          to: 'shop',
          className: 'nav-link',
          children: (
            <span className="relative inline-flex items-center gap-1">
              <Icon name="shopping_cart" className={cartIconClassName} />
              {/* On phones the bar shows the cart icon alone; the link keeps its name. */}
              <span className="max-lg:sr-only">Shop</span>
              {cartCount > 0 && (
                <span
                  className="absolute -top-2 -left-2 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs leading-5 font-bold text-white"
                  data-testid="cart-badge"
                  aria-label={`${cartCount} in cart`}
                >
                  {cartCount}
                </span>
              )}
            </span>
          ),
        })}
        <div className="hidden items-center gap-1 lg:flex">{account.bar}</div>
        {themeToggle}
        <div className="lg:hidden">
          {menu(
            <>
              <PageLinks link={link} leagues={leagues} className="flex flex-col gap-1" />
              <div className="mt-1 flex flex-col items-stretch gap-1 border-t border-slate-200 pt-1 dark:border-slate-700">
                {account.menu}
              </div>
            </>,
          )}
        </div>
      </nav>
    </header>
  );
}
