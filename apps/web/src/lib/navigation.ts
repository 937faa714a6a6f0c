// Navigation from outside React (the API client's 401 handling): the app registers the router's navigate.

type Navigator = (path: string) => void | Promise<void>;

let navigator: Navigator = (path) => window.location.assign(path);

export function setAppNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(path: string): void | Promise<void> {
  return navigator(path);
}

/** The path, query and hash the user is on now. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
