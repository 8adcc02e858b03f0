// Runs before first paint so the page never flashes the wrong theme. Dark is the default;
// the key and class names must match src/web/app/theme.ts. It also names the page for the static
// app shell in src/web/index.html (data-shell: the shell shows that page's heading and intro).
(function () {
  var theme = 'dark';
  try {
    if (JSON.parse(window.localStorage.getItem('theme') || '"dark"') === 'light') theme = 'light';
  } catch (error) {
    // Storage may be unavailable (privacy mode): keep the default.
  }
  var root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('dark-theme', theme === 'dark');
  root.style.colorScheme = theme;
  var shells = { '/': 'home', '/about': 'about', '/db': 'db', '/shop': 'shop' };
  var shell = shells[window.location.pathname];
  if (shell) root.dataset.shell = shell;
})();
