// index.html paints the logged-in frame (#app-shell) while the app's code loads; the app covers it
// when it renders, and this removes it once the first page has rendered (or the app stopped on an error).

export function removeAppShell(): void {
  document.getElementById('app-shell')?.remove();
}
