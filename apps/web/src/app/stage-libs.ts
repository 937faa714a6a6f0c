// Start-up stage 2 of 3 (docs/decisions/270): importing this evaluates the libraries' chunk (router, i18next, TanStack
// Query, zustand) in a task of its own, after React's. One named re-export, so nothing more of them is kept.
export { createBrowserRouter } from "react-router";
