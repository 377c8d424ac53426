/**
 * The open dialogs, innermost last: only the top one answers Tab and Escape when they nest (a drawer
 * over the page's global notice, the welcome after a login over both). Its own module so that the
 * welcome, which is on every first page after a login, can take its place in the stack without
 * bringing the drawers' focus trap into the first page's scripts (decision 112).
 */
const openDialogs: HTMLElement[] = [];

export function openDialog(panel: HTMLElement): void {
  openDialogs.push(panel);
}

export function isTopDialog(panel: HTMLElement): boolean {
  return openDialogs[openDialogs.length - 1] === panel;
}

export function closeDialog(panel: HTMLElement): void {
  const index = openDialogs.lastIndexOf(panel);
  if (index >= 0) openDialogs.splice(index, 1);
}

/** Where focus goes when a dialog that had it leaves: back to `previous` if it is still there, else the main content. */
export function returnFocus(previous: HTMLElement | null): void {
  const fallback = document.getElementById("contenido");
  const target = previous && previous !== document.body && previous.isConnected ? previous : fallback;
  // The dialog unmounts during the navigation; wait a frame so the new page is in place.
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    target?.focus({ preventScroll: true });
  });
}
