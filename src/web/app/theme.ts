import { literals } from '../lib/first-load-schemas';
import { createLocalStore } from '../lib/local-store';

export type Theme = 'dark' | 'light';

// The key and class names are also used by public/theme-init.js, which runs before first paint.
const themeStore = createLocalStore<Theme>('theme', literals(['dark', 'light']), 'dark');

function apply(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('dark-theme', theme === 'dark');
  root.style.colorScheme = theme;
}

themeStore.subscribe(() => apply(themeStore.get()));

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = themeStore.use();
  return { theme, toggleTheme: () => themeStore.set((current) => (current === 'dark' ? 'light' : 'dark')) };
}
